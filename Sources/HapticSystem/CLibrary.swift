// The C library, once for the whole package: every module that imports HapticSystem sees Glibc (or Musl, or Darwin)
// through this file, so no other file writes the `#if canImport(Glibc)` block.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("unsupported platform")
#endif
