// The benchmark executable: filled in by the benchmarks issue.
print("cascade-bench: no benchmarks yet")
