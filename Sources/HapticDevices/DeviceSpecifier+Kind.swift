extension DeviceSpecifier {
    /// The kinds of device string, named by the part before the first `:` (`evdev:/dev/input/event5` is ``evdev``).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `null`.
        case null
        /// `simulated` or `simulated:<profile>`.
        case simulated
        /// `wav:<path>`.
        case wav
        /// `evdev:<path>`.
        case evdev
        /// `alsa:<pcm>[?options]`.
        case alsa

        /// Whether strings of this kind name hardware (an evdev node or an ALSA PCM).
        public var isHardware: Bool { self == .evdev || self == .alsa }
    }

    /// The kind of device string `text` is written as, from its scheme alone (the rest is not checked: parse it with
    /// ``init(parsing:)``); `nil` for a string that names no device of this grammar (a game controller's
    /// `controller:1/leftHandle`, a `hidraw:` node).
    ///
    ///     DeviceSpecifier.kind(of: "alsa:hw:1")            // .alsa
    ///     DeviceSpecifier.kind(of: "controller:1/default") // nil
    public static func kind(of text: some StringProtocol) -> Kind? {
        let scheme = text.firstIndex(of: ":").map { text[..<$0] } ?? text[...]
        return Kind(rawValue: String(scheme))
    }

    /// The kind of this device string.
    public var kind: Kind {
        switch self {
        case .null: .null
        case .simulated: .simulated
        case .wav: .wav
        case .evdev: .evdev
        case .alsa: .alsa
        }
    }
}
