/// What the haptic bridge routes where, and how strongly: from a small configuration file and the command line, one
/// statement per line in both (`haptic bridge --rule 'app firefox gain=1.5'` is the file's line `app firefox gain=1.5`).
///
///     # ~/.config/opencorehaptics/bridge.conf
///     app "Elden Ring" gain=1.4 curve=0.7 floor=0.1 to=all      # sound to touch from one application
///     monitor gain=0.8 coils=sound                              # or from everything the default sink plays
///     device xbox gain=1.2 floor=0.15                           # per pad: its own shape
///     sink to=all                                               # a DualSense's haptics also on the other pads
///     bridge quantum=256
///
/// Statements (``parse(_:source:)`` has the grammar):
/// - `app <name>`, `node <id or name>`, `monitor`: capture an application's output (by `application.name` or
///   `node.name`), a node, or the default sink's monitor, and play its sound on pads (``Capture``);
/// - `device <pads>`: the shape of the pads it selects (``DeviceRule``);
/// - `sink`: the Bluetooth DualSense sinks and the virtual sink (``SinkSettings``);
/// - `bridge`: the whole bridge (``quantum``).
package struct BridgeConfiguration: Sendable, Hashable {
    /// Which pads a statement means: `all`, a number (`haptic devices`' numbering), a category (`dualsense`, `xbox`,
    /// `generic`, `bluetooth`), a controller ID (`evdev:/dev/input/event5`) or a piece of its name.
    package enum PadSelector: Sendable, Hashable, CustomStringConvertible {
        /// Every pad.
        case all
        /// The pad with this number (1 for the first).
        case number(Int)
        /// Pads of a category: `dualsense`, `xbox`, `generic`, or `bluetooth` (DualSense pads on Bluetooth).
        case category(String)
        /// The pad with this controller ID, or whose name contains this text (ignoring case).
        case name(String)

        /// The categories a selector may name.
        package static let categories = ["dualsense", "xbox", "generic", "bluetooth"]

        /// The selector as written in the configuration.
        package var description: String {
            switch self {
            case .all: "all"
            case .number(let number): String(number)
            case .category(let category): category
            case .name(let name): BridgeConfiguration.quoted(name)
            }
        }
    }

    /// What the analysis of a captured sound may be told, and how loud it plays.
    package struct Settings: Sendable, Hashable {
        /// The route's level shape (an application's).
        package var shape = LevelShape()
        /// How readily sound becomes haptics, 0 … 1.
        package var sensitivity = 0.5
        /// How the sound plays on voice coils: its low band (`sound`) or a synthesized carrier (`synth`).
        package var coils = RouteProcessor.Mode.coilSynth
        /// How the two channels reach two motors: apart (`sides`) or mixed and split by sharpness.
        package var split = RouteProcessor.Split.sharpness
        /// Whether strong hits pulse trigger motors.
        package var triggers = false
        /// The pads the sound plays on.
        package var pads: [PadSelector] = [.all]

        /// Default settings: straight shape, sensitivity 0.5, synthesized coils, split by sharpness, no trigger
        /// pulses, every pad.
        package init() {}
    }

    /// What a capture listens to.
    package enum Source: Sendable, Hashable {
        /// An application's playback streams, by `application.name` or `node.name` (ignoring case).
        case application(String)
        /// One node, by id, serial or name.
        case node(String)
        /// The default sink's monitor: everything the system plays.
        case monitor
    }

    /// One sound-to-touch capture.
    package struct Capture: Sendable, Hashable {
        /// What it listens to.
        package var source: Source
        /// How it plays.
        package var settings: Settings

        /// A capture of `source` with `settings`.
        package init(source: Source, settings: Settings = Settings()) {
            self.source = source
            self.settings = settings
        }
    }

    /// One pad's shape.
    package struct DeviceRule: Sendable, Hashable {
        /// The pads it applies to.
        package var pads: PadSelector
        /// The shape.
        package var shape: LevelShape

        /// A rule.
        package init(pads: PadSelector, shape: LevelShape) {
            self.pads = pads
            self.shape = shape
        }
    }

    /// The bridge's sinks.
    package struct SinkSettings: Sendable, Hashable {
        /// Whether each Bluetooth DualSense gets a sink shaped like its USB audio device.
        package var bluetooth = true
        /// Whether there is also a sink tied to no pad (a DualSense's haptics for pads of other kinds).
        package var virtual = false
        /// The other pads a DualSense sink also plays on (its own pad always plays it); the virtual sink plays on
        /// these, or on every pad when none are named.
        package var pads: [PadSelector] = []
        /// The shape of the sinks' routes.
        package var shape = LevelShape()

        /// Bluetooth sinks only, on their own pads.
        package init() {}
    }

    /// The captures, in order.
    package var captures: [Capture] = []
    /// The device rules, in order (a later rule for the same pad wins).
    package var devices: [DeviceRule] = []
    /// The sinks.
    package var sinks = SinkSettings()
    /// The graph quantum asked for (`node.latency`), in frames at 48 kHz.
    package var quantum = 256

    /// The quantum's allowed range: 64 (1.3 ms) … 2048 (43 ms) frames.
    package static let quantumRange = 64...2048
    /// The most statements a configuration holds.
    package static let maxStatements = 64
    /// The longest statement, in bytes.
    package static let maxStatementBytes = 1_024
    /// The longest configuration text, in bytes.
    package static let maxBytes = 65_536
    /// The longest name (an application's, a pad's), in bytes.
    package static let maxNameBytes = 256

    /// An empty configuration: Bluetooth sinks, no captures, quantum 256.
    package init() {}

    /// The device shape for a pad: the last `device` rule that selects it, or the identity.
    package func shape(forPad matches: (PadSelector) -> Bool) -> LevelShape {
        devices.last { matches($0.pads) }?.shape ?? .identity
    }

    /// `name` as the configuration writes it: bare when it is a plain word (letters, digits, `-_.:/@+`, and not a word
    /// the grammar reads otherwise), else quoted with `\"` and `\\`.
    static func quoted(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.:/@+".unicodeScalars.contains(scalar)
            }
        if plain && !["all", "to"].contains(name) && Int(name) == nil && !PadSelector.categories.contains(name.lowercased()) {
            return name
        }
        // Scalar by scalar, as the reader reads: a backslash followed by a combining mark is one Character.
        var text = "\""
        for scalar in name.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { text.unicodeScalars.append("\\") }
            text.unicodeScalars.append(scalar)
        }
        return text + "\""
    }
}
