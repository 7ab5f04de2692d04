import ArgumentParser
import Foundation
import HapticDevices

/// Picks the output of the real-time commands (`play`, `library play`, `bounce`): `--device ID` when given (the
/// forms `HAPTIC_DEVICE` accepts), else device discovery (`HAPTIC_DEVICE`, then haptic hardware, then the simulated
/// actuator).
///
/// One adjustment makes the devices fit a real-time tool: the simulated actuator's live meter is switched off when
/// the command draws on the terminal itself. (A `wav:` file paces itself to a real-time engine.)
internal enum OutputDevice {
    /// Opens the device description for `id`, or the default.
    ///
    /// - Parameters:
    ///   - id: the `--device` value, or `nil` for the default.
    ///   - meter: whether a simulated actuator may draw its meter on standard error.
    /// - Throws: `ExitCode(1)` after printing why `id` cannot be used.
    internal static func select(id: String?, meter: SimulatedDevice.Meter) throws -> any HapticDevice {
        let device: any HapticDevice
        if let id {
            do {
                device = try DeviceDiscovery.makeDevice(id: id)
            } catch {
                printError("haptic: error: cannot use device '\(id)': \(error)")
                throw ExitCode(1)
            }
        } else {
            let selection = DeviceDiscovery.defaultSelection(environment: ProcessInfo.processInfo.environment)
            if let problem = selection.overrideProblem {
                printError("haptic: warning: \(selection.reason): \(problem)")
            }
            device = selection.device
        }
        if let simulated = device as? SimulatedDevice, simulated.meter != meter {
            return SimulatedDevice(profile: simulated.info.profile, meter: meter)
        }
        return device
    }
}
