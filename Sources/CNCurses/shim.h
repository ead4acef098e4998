// The only C-facing surface for ncurses. Swift cannot import curses' macros or, in Swift 6
// language mode, its mutable globals, so each one used is wrapped here in a static inline
// function. Values come from the installed headers, never hard-coded.
#ifndef CASCADE_CNCURSES_SHIM_H
#define CASCADE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <curses.h>

static inline WINDOW *cascade_stdscr(void) { return stdscr; }
static inline int cascade_lines(void) { return LINES; }
static inline int cascade_cols(void) { return COLS; }
static inline int cascade_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cascade_getmaxx(WINDOW *w) { return getmaxx(w); }

static inline attr_t cascade_a_bold(void) { return A_BOLD; }
static inline attr_t cascade_a_reverse(void) { return A_REVERSE; }
static inline attr_t cascade_a_dim(void) { return A_DIM; }
static inline attr_t cascade_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cascade_a_italic(void) { return A_ITALIC; }

static inline mmask_t cascade_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cascade_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cascade_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cascade_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cascade_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cascade_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

static inline int cascade_wcwidth(wchar_t c) { return wcwidth(c); }

static inline int cascade_colors(void) { return COLORS; }
static inline int cascade_color_pairs(void) { return COLOR_PAIRS; }

// Puts one cluster (a spacing character and up to four non-spacing ones, NUL-terminated) with
// an extended colour pair: `COLOR_PAIR()` only encodes pairs up to 255, setcchar's `opts` any.
// Returns -2 when ncurses rejects the cluster; writing the bottom-right cell returns ERR although
// the cell is written (the cursor cannot move past it), so that is not a failure here.
static inline int cascade_put(WINDOW *w, int y, int x, const wchar_t *wch, attr_t attrs,
                              int pair) {
  cchar_t cell;
  if (setcchar(&cell, wch, attrs, 0, &pair) == ERR) return -2;
  mvwadd_wch(w, y, x, &cell);
  return OK;
}

// A terminfo string capability, or NULL when absent or not a string.
static inline const char *cascade_capability(const char *name) {
  char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}

// From <term.h>, which is left out: its capability macros (lines, columns, …) would take
// ordinary names.
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);

// What terminfo says of the terminal type `name`: 0 unknown, 1 known but unable to move the
// cursor (no `cup`, as `dumb`), 2 usable. Reads terminfo only: it writes nothing to the
// terminal and leaves no terminal set up.
static inline int cascade_terminal_usability(const char *name) {
  int status = 0;
  if (setupterm(name, 1, &status) != OK) return 0;
  char *cup = tigetstr("cup");
  int usability = (cup != NULL && cup != (char *)-1) ? 2 : 1;
  del_curterm(set_curterm(NULL));
  return usability;
}

// How many colours terminfo gives the terminal type `name`: -1 when it has no entry, 0 when
// it names none. Reads terminfo only, like cascade_terminal_usability.
static inline int cascade_terminal_colors(const char *name) {
  int status = 0;
  if (setupterm(name, 1, &status) != OK) return -1;
  int colors = tigetnum("colors");
  del_curterm(set_curterm(NULL));
  return colors > 0 ? colors : 0;
}

#endif
