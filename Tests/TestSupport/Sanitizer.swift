#if canImport(Glibc)
  import Glibc
#endif

/// Whether the tests run under the address or the thread sanitizer, which slow everything down
/// several times and change what the resident size means; tests that bound time or memory ask.
package enum Sanitizer {
  package static let isActive: Bool =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
}

/// Time limits for tests of the form "within N seconds": N on a quiet machine, more under a
/// sanitizer (several times slower) or on a machine loaded beyond its cores, where the test's
/// own loopback server waits for a core like everything else.
package enum TimeBounds {
  package static func scaled(_ seconds: Double) -> Double {
    var load = [0.0, 0.0, 0.0]
    let cores = Double(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    let busy = getloadavg(&load, 3) > 0 ? max(1, load[0] / cores) : 1
    return seconds * busy * (Sanitizer.isActive ? 6 : 1)
  }
}
