import HapticSystem

extension DeviceError {
    /// The error for a failed system call on `device`: `ENOENT` → ``Code/notFound``, `EACCES`/`EPERM` →
    /// ``Code/permissionDenied``, `EBUSY` → ``Code/busy``, `ENOSPC` from `EVIOCSFF` → ``Code/noEffectSlots`` (from any
    /// other call, a full disk: ``Code/ioError``), `ENODEV`/`ENXIO` → ``Code/removed``, `ETIMEDOUT` →
    /// ``Code/timeout``, `EINVAL`/`ENOTTY` → ``Code/unsupported``, else ``Code/ioError``. The message names the
    /// device, the call and the system's reason; the `errno` is kept apart (``description`` shows it once).
    package init(_ error: SystemCallError, device: String) {
        let code: Code
        switch error.errno {
        case ENOENT: code = .notFound
        case EACCES, EPERM: code = .permissionDenied
        case EBUSY: code = .busy
        case ENOSPC: code = error.call.contains("EVIOCSFF") ? .noEffectSlots : .ioError
        case ENODEV, ENXIO: code = .removed
        case ETIMEDOUT: code = .timeout
        case EINVAL, ENOTTY: code = .unsupported
        default: code = .ioError
        }
        self.init(code, "\(device): \(error.call) failed: \(Posix.describe(errno: error.errno))", errno: error.errno)
    }
}
