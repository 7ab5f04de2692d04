import HapticSystem

#if os(Linux)
import HapticDevices

/// Probing one `/dev/input/event*` node for force feedback.
package enum EvdevProbe {
    /// Opens `path` read-write, reads its capabilities and closes it.
    ///
    /// The corresponding calls are `open(O_RDWR)`, `EVIOCGNAME`, `EVIOCGBIT(0)`, `EVIOCGBIT(EV_FF)`,
    /// `EVIOCGEFFECTS` and `close`.
    ///
    /// - Returns: the capabilities, or an error whose message says why the node is not usable.
    package static func probe(path: String, system: any EvdevSystemCalls) -> Result<EvdevCapabilities, DeviceError> {
        let fd: Int32
        do throws(SystemCallError) {
            fd = Int32(try Posix.syscall("open") { system.open(path, flags: O_RDWR | O_NONBLOCK) })
        } catch  where error.errno == EACCES || error.errno == EPERM {
            return .failure(
                DeviceError(
                    .permissionDenied,
                    "\(path): no write access (force feedback needs O_RDWR; join the 'input' group or add a udev uaccess rule)",
                    errno: error.errno))
        } catch {
            return .failure(DeviceError(error, device: path))
        }
        defer { try? Posix.syscallClosing("close") { system.close(fd) } }
        switch EvdevCapabilities.read(fd: fd, path: path, system: system) {
        case .failure(let error): return .failure(DeviceError(error, device: path))
        case .success(nil): return .failure(DeviceError(.unsupported, "\(path): no force feedback (EV_FF)"))
        case .success(let capabilities?):
            guard capabilities.isUsable else {
                return .failure(
                    DeviceError(
                        .unsupported,
                        "\(path) '\(capabilities.name)': EV_FF without FF_RUMBLE or FF_PERIODIC+FF_SINE, or no effect slots (EVIOCGEFFECTS = \(capabilities.effectSlots))"
                    ))
            }
            return .success(capabilities)
        }
    }
}
#endif
