import HapticRender

/// A device string — the value of `HAPTIC_DEVICE` or `--device` — checked, without opening anything.
///
///     let specifier = try DeviceSpecifier(parsing: "alsa:hw:1?channels=4&haptic=2,3")
///     // .alsa(AlsaConfiguration(pcm: "hw:1", channelCount: 4, …))
///
/// The grammar, one of:
/// - `null` — nothing after it;
/// - `simulated` or `simulated:<profile>` — a built-in actuator profile's name;
/// - `wav:<path>` — a file to record to;
/// - `evdev:<path>` — a force-feedback node, e.g. `evdev:/dev/input/event5`;
/// - `alsa:<pcm>[?options]` — see ``AlsaConfiguration/init(parsing:)`` for the options and their ranges.
///
/// Paths are 1 … 4096 bytes without NUL; anything else (an unknown kind, text after `null`, an empty or unknown
/// profile, an unknown or out-of-range ALSA option) is refused with a message naming the part and what it allows.
/// Parsing never traps, whatever the text.
///
/// - Thread safety: a value type; parsing may run on any thread.
/// - Real-time safety: none (parsing allocates).
public enum DeviceSpecifier: Sendable, Hashable {
    /// `null`: a device that discards everything.
    case null
    /// `simulated[:profile]`: the simulated actuator, with the named built-in profile (`nil`: the default one).
    case simulated(profile: ActuatorProfile?)
    /// `wav:<path>`: a recording to a WAV file.
    case wav(path: String)
    /// `evdev:<path>`: an evdev force-feedback node.
    case evdev(path: String)
    /// `alsa:<pcm>[?options]`: an ALSA PCM.
    case alsa(AlsaConfiguration)

    /// The longest path accepted (`PATH_MAX`), in UTF-8 bytes.
    public static let maxPathBytes = 4_096

    /// The grammar in one line, for messages.
    public static let forms = "evdev:/dev/input/eventN, alsa:<pcm>[?options], simulated[:profile], wav:<path> or null"

    /// Parses a device string.
    ///
    /// - Parameter text: the whole string, e.g. `simulated:voice-coil` or `wav:out.wav`.
    /// - Throws: ``DeviceError/Code/notFound`` naming what is wrong and what is allowed.
    public init(parsing text: String) throws(DeviceError) {
        let scheme: Substring
        let argument: Substring?
        if let colon = text.firstIndex(of: ":") {
            scheme = text[..<colon]
            argument = text[text.index(after: colon)...]
        } else {
            scheme = text[...]
            argument = nil
        }
        switch scheme {
        case "null":
            guard argument == nil else {
                throw DeviceError(.notFound, "null takes nothing after it (got '\(Self.shown(text))')")
            }
            self = .null
        case "simulated":
            guard let argument else {
                self = .simulated(profile: nil)
                return
            }
            guard let profile = ActuatorProfile.builtIn(named: String(argument)) else {
                throw DeviceError(
                    .notFound,
                    "no built-in actuator profile '\(Self.shown(argument))' (have: \(ActuatorProfile.builtIns.map(\.name).joined(separator: ", ")))"
                )
            }
            self = .simulated(profile: profile)
        case "wav": self = .wav(path: try Self.path(argument, kind: "wav", example: "wav:out.wav"))
        case "evdev": self = .evdev(path: try Self.path(argument, kind: "evdev", example: "evdev:/dev/input/event5"))
        case "alsa":
            guard let argument, !argument.isEmpty else { throw DeviceError(.notFound, "alsa: needs a PCM name, e.g. alsa:default") }
            self = .alsa(try AlsaConfiguration(parsing: String(argument)))
        default:
            throw DeviceError(.notFound, "unknown device '\(Self.shown(text))': use \(Self.forms)")
        }
    }

    /// The device string of this value (what ``init(parsing:)`` reads back as the same value).
    public var id: String {
        switch self {
        case .null: "null"
        case .simulated(let profile): profile.map { "simulated:\($0.name)" } ?? "simulated"
        case .wav(let path): "wav:\(path)"
        case .evdev(let path): "evdev:\(path)"
        case .alsa(let configuration): configuration.id
        }
    }

    private static func path(_ argument: Substring?, kind: String, example: String) throws(DeviceError) -> String {
        guard let argument, !argument.isEmpty else {
            throw DeviceError(.notFound, "\(kind): needs a path, e.g. \(example)")
        }
        guard argument.utf8.count <= maxPathBytes, !argument.utf8.contains(0) else {
            throw DeviceError(.notFound, "\(kind): the path must be 1 … \(maxPathBytes) bytes without NUL")
        }
        return String(argument)
    }

    /// Untrusted text for a message: at most 40 characters, control characters escaped (`\u{1B}`).
    package static func shown(_ text: some StringProtocol) -> String {
        var result = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 40 {
                result += "…"
                break
            }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
