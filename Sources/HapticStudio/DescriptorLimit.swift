import HapticSystem

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`).
package enum DescriptorLimit {
    /// Raises the soft limit to the hard limit and returns the soft limit now in force (`nil` when it cannot be
    /// read). A server's connections each take a descriptor; the usual soft limit of 1 024 is far below what the
    /// system allows the process. The corresponding C functions are `getrlimit` and `setrlimit`.
    @discardableResult
    package static func raiseToHardLimit() -> UInt64? {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }
}
