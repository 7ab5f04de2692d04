/// Where a pad's light and player LEDs are set (Linux: its LED class devices in sysfs; a test: a record).
///
/// - Thread safety: any thread.
package protocol PadLightOutput: Sendable {
    /// Whether the pad has a light whose colour can be set (a DualSense's or DualShock 4's light bar).
    var hasColor: Bool { get }
    /// How many player LEDs the pad has (a DualSense 5, a Switch Pro Controller 4, most pads 0).
    var playerLEDCount: Int { get }
    /// The colour the light shows now, each channel 0 … 1, or `nil` when it cannot be read.
    var currentColor: (red: Float, green: Float, blue: Float)? { get }
    /// Sets the light's colour, each channel 0 … 1.
    ///
    /// - Throws: ``DeviceError`` naming the LED and why (no write access: the udev rule; the pad gone).
    func setColor(red: Float, green: Float, blue: Float) throws(DeviceError)
    /// Lights the player LEDs whose entries are `true` (in order, player-1 first) and turns the others off.
    ///
    /// - Throws: ``DeviceError`` naming the LED and why.
    func setPlayerLEDs(_ lit: [Bool]) throws(DeviceError)
}
