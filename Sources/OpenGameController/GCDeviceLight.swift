import Foundation
import HapticDevices
import HapticSystem

/// A colour for a controller's light — the GameController framework's `GCColor`: red, green and blue, each 0 … 1.
///
///     controller.light?.color = GCColor(red: 1, green: 0.2, blue: 0)
///
/// Thread safety: immutable.
open class GCColor: NSObject, @unchecked Sendable {
    // @unchecked: immutable.

    /// The red channel, 0 … 1.
    public let red: Float
    /// The green channel, 0 … 1.
    public let green: Float
    /// The blue channel, 0 … 1.
    public let blue: Float

    /// A colour of `red`, `green` and `blue`, each clamped to 0 … 1 (a value that is not a number is 0).
    public init(red: Float, green: Float, blue: Float) {
        func clamp(_ value: Float) -> Float { value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0 }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
    }

    /// Two colours are equal when their channels are.
    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? GCColor else { return false }
        return red == other.red && green == other.green && blue == other.blue
    }

    /// A hash of the three channels.
    override open var hash: Int {
        var hasher = Hasher()
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        return hasher.finalize()
    }
}

/// A controller's light — the GameController framework's `GCDeviceLight`, reached as `controller.light`: a
/// DualSense's or DualShock 4's light bar.
///
///     controller.light?.color = GCColor(red: 0, green: 0, blue: 1)
///
/// On Linux the colour is written to the light bar's LED class device in sysfs (hid-playstation's multicolour
/// `inputN:rgb:indicator`, hid-sony's `:red`, `:green` and `:blue` LEDs), and the kernel driver sends the pad its
/// output report. The LED's attributes are root's by default: without write access the colour is kept here, and
/// the error (naming the file and the udev rule to add) is logged once.
///
/// Thread safety: any thread.
open class GCDeviceLight: NSObject, @unchecked Sendable {
    // @unchecked: the colour is behind a lock; the output is sendable.

    /// The light's colour: reading gives the colour last set (at first, what the pad's LEDs showed), setting it
    /// lights the pad.
    open var color: GCColor {
        get { state.withLock { $0.color } }
        set {
            state.withLock { $0.color = newValue }
            do throws(DeviceError) {
                try output.setColor(red: newValue.red, green: newValue.green, blue: newValue.blue)
                state.withLock { $0.reported = nil }
            } catch {
                let message = "controller light: \(error.message)"
                let first = state.withLock { s in
                    defer { s.reported = message }
                    return s.reported != message
                }
                if first { DeviceLog.logger.error("\(message)") }
            }
        }
    }

    private struct State {
        var color: GCColor
        var reported: String?
    }

    private let output: any PadLightOutput
    private let state: LockedState<State>

    /// The light of `output`, showing `color` now.
    internal init(output: any PadLightOutput, color: GCColor) {
        self.output = output
        state = LockedState(State(color: color))
    }
}
