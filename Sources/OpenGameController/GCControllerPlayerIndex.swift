/// The player number a game gives a controller (Apple lights the matching LED; on Linux too, on a pad whose player
/// LEDs its driver registers in sysfs: see ``GCController/playerIndex``).
public enum GCControllerPlayerIndex: Int, Sendable, Hashable {
    /// No player number (the default).
    case indexUnset = -1
    /// Player 1.
    case index1 = 0
    /// Player 2.
    case index2 = 1
    /// Player 3.
    case index3 = 2
    /// Player 4.
    case index4 = 3
}
