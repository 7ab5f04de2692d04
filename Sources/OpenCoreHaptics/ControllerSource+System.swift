import HapticDevices
import HapticLinux
import HapticSystem

extension ControllerSource {
    /// The system's game controllers, for OpenGameController: HapticLinux's `ControllerSource.linux(environment:)`
    /// (evdev pads, their hidraw nodes and sound cards, the device monitor, the pads' input reader, and the simulated
    /// controllers `HAPTIC_CONTROLLERS` lists).
    ///
    /// Handed on from here, beside `CHHapticEngine.DeviceSource.system`, so that the GameController facade reaches
    /// the platform through this one source and never imports the Linux wing itself.
    ///
    /// - Parameter environment: the process environment to read.
    package static func system(environment: [String: String] = ProcessEnvironment.current) -> ControllerSource {
        .linux(environment: environment)
    }
}
