// Placeholder so the package builds on branch tui; drop when the real tests arrive.
