import Foundation
import HapticDevices

/// A controller's battery — the GameController framework's `GCDeviceBattery`, reached as `controller.battery`.
///
///     if let battery = controller.battery, battery.batteryState == .discharging, battery.batteryLevel < 0.1 {
///         hud.warn("controller battery low")
///     }
///
/// On Linux both values are read from the pad's `power_supply` node in sysfs each time they are asked
/// (hid-playstation's `ps-controller-battery-<MAC>`, hid-sony's, xpad's): ``batteryLevel`` from its `capacity`
/// (percent; a driver that gives only a `capacity_level` reads as the middle of that band), ``batteryState`` from its
/// `status`. While the node cannot be read (the pad just unplugged) they read 0 and ``State-swift.enum/unknown``.
///
/// Thread safety: any thread.
open class GCDeviceBattery: NSObject, @unchecked Sendable {
    // @unchecked: immutable; the reading closure is sendable.

    /// Whether a battery has power and is charging — Apple's `GCDeviceBattery.State`, with its raw values.
    public enum State: Int, Sendable, Hashable {
        /// The state is not known.
        case unknown = -1
        /// The battery is discharging (the pad runs on it; also a pad plugged in whose charging is held).
        case discharging = 0
        /// The battery is charging and not yet full.
        case charging = 1
        /// The battery is full (and the pad plugged in).
        case full = 2
    }

    /// The charge, 0 … 1.
    open var batteryLevel: Float { read()?.level ?? 0 }

    /// Whether the battery is charging, discharging or full.
    open var batteryState: State {
        switch read()?.state {
        case .discharging: .discharging
        case .charging: .charging
        case .full: .full
        case .unknown, nil: .unknown
        }
    }

    private let read: @Sendable () -> PadBattery?

    /// A battery whose values `read` gives (`nil` while it cannot be read).
    internal init(read: @escaping @Sendable () -> PadBattery?) { self.read = read }
}
