/// One item of `HAPTIC_CONTROLLERS`: `simulated:<profile>`, optionally `+motion`, optionally followed by
/// `=wav:<path>`. The profiles are the models, plus `dualsense-bt`: a DualSense on Bluetooth, whose coils are fed
/// `0x32` reports of 3 kHz PCM (the simulated pad records that PCM, see HapticLinux's `SimulatedDualSenseCoilDevice`).
/// `+motion` gives the pad motion sensors (``hasMotion``), with hid-playstation's ranges (``motionAxisRanges``).
///
///     HAPTIC_CONTROLLERS=simulated:xbox=wav:/tmp/pad1.wav,simulated:dualsense+motion,simulated:dualsense-bt
public struct SimulatedControllerSpec: Sendable, Hashable {
    /// The controllers that can be simulated.
    public enum Model: String, Sendable, Hashable, CaseIterable {
        /// An Xbox One controller: two rumble motors in the handles and one in each trigger.
        case xbox
        /// A DualSense: two voice coils in the handles, played as PCM.
        case dualsense
        /// A generic pad: two rumble motors.
        case generic
    }

    /// The model.
    public var model: Model
    /// Where the motors' simulated signals are recorded (a WAV file, one channel per actuator), if anywhere.
    public var recordingPath: String?
    /// How a simulated DualSense is connected (`nil` for the other models): on Bluetooth its coils take PCM in HID
    /// reports, on USB (the default) they are an audio device.
    public var transport: DualSenseTransport?
    /// Whether the pad has motion sensors (`+motion` after the profile): its ``ControllerInfo`` then has motion, and
    /// tests give it accelerometer and gyroscope events with the ranges of ``motionAxisRanges``.
    public var hasMotion: Bool

    /// Creates a spec; `transport` applies to a DualSense only.
    public init(model: Model, recordingPath: String? = nil, transport: DualSenseTransport? = nil, hasMotion: Bool = false) {
        self.model = model
        self.recordingPath = recordingPath
        self.transport = model == .dualsense ? transport : nil
        self.hasMotion = hasMotion
    }

    /// The suffix of a profile with motion sensors: `simulated:dualsense+motion`.
    public static let motionSuffix = "+motion"

    /// The profile's name in `HAPTIC_CONTROLLERS` and in the controller's ID: the model's, or `dualsense-bt`.
    public var profileName: String { transport == .bluetooth ? Self.bluetoothDualSenseName : model.rawValue }

    /// The profile name of a simulated DualSense on Bluetooth.
    public static let bluetoothDualSenseName = "dualsense-bt"

    /// The most simulated controllers one `HAPTIC_CONTROLLERS` value makes (more than any game has players).
    public static let maxCount = 16

    /// Parses one item, `simulated:<model>[+motion][=wav:<path>]`; spaces and tabs around the item, the model, `=`
    /// and the path are ignored, the model's case too.
    ///
    /// - Throws: ``DeviceError/Code/notFound`` naming what is wrong.
    public init(parsing item: String) throws(DeviceError) {
        switch Self.parse(item: item[...]) {
        case .success(let spec): self = spec
        case .failure(let reason):
            throw DeviceError(.notFound, "HAPTIC_CONTROLLERS item '\(DeviceSpecifier.shown(Self.trimmed(item[...])))': \(reason.text)")
        }
    }

    /// Why an item does not parse.
    private struct Reason: Error {
        var text: String
    }

    private static func parse(item: Substring) -> Result<SimulatedControllerSpec, Reason> {
        let parts = trimmed(item).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let head = trimmed(parts[0])
        guard head.hasPrefix("simulated:") else { return .failure(Reason(text: "expected simulated:<profile>[+motion][=wav:<path>]")) }
        var name = trimmed(head.dropFirst("simulated:".count)).lowercased()
        let hasMotion = name.hasSuffix(motionSuffix)
        if hasMotion { name = String(trimmed(name.dropLast(motionSuffix.count)[...])) }
        let transport: DualSenseTransport? = name == bluetoothDualSenseName ? .bluetooth : nil
        guard let model = transport == nil ? Model(rawValue: name) : .dualsense else {
            let names = Model.allCases.map(\.rawValue) + [bluetoothDualSenseName]
            return .failure(
                Reason(text: "no simulated controller '\(DeviceSpecifier.shown(name))' (have: \(names.joined(separator: ", ")))"))
        }
        guard parts.count > 1 else { return .success(SimulatedControllerSpec(model: model, transport: transport, hasMotion: hasMotion)) }
        let output = trimmed(parts[1])
        let file = trimmed(output.dropFirst(4))
        guard output.hasPrefix("wav:"), !file.isEmpty else { return .failure(Reason(text: "the output must be wav:<path>")) }
        guard file.utf8.count <= DeviceSpecifier.maxPathBytes, !file.utf8.contains(0) else {
            return .failure(Reason(text: "the path must be 1 … \(DeviceSpecifier.maxPathBytes) bytes without NUL"))
        }
        return .success(SimulatedControllerSpec(model: model, recordingPath: String(file), transport: transport, hasMotion: hasMotion))
    }

    /// What a whole `HAPTIC_CONTROLLERS` value gave: the controllers of its good items, in order, and a problem for
    /// each bad one.
    public struct ParsedList: Sendable, Hashable {
        /// The items that parsed, in their order (at most ``SimulatedControllerSpec/maxCount``).
        public var specs: [SimulatedControllerSpec]
        /// One message per item that did not, naming its position (1 for the first item) and what is wrong.
        public var problems: [String]
    }

    /// Parses a whole `HAPTIC_CONTROLLERS` value: comma-separated items (empty ones are ignored). A bad item is
    /// reported with its position and skipped; the others still apply, up to ``maxCount``.
    ///
    ///     let parsed = SimulatedControllerSpec.parse(list: "simulated:xbox, simulated:nes ,simulated:generic")
    ///     // parsed.specs: xbox, generic; parsed.problems: ["HAPTIC_CONTROLLERS item 2 ('simulated:nes'): …"]
    public static func parse(list text: String) -> ParsedList {
        var parsed = ParsedList(specs: [], problems: [])
        for (index, item) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated()
        where !trimmed(item).isEmpty {
            guard parsed.specs.count < maxCount else {
                parsed.problems.append("HAPTIC_CONTROLLERS: more than \(maxCount) controllers; item \(index + 1) and later are skipped")
                break
            }
            switch parse(item: item) {
            case .success(let spec): parsed.specs.append(spec)
            case .failure(let reason):
                parsed.problems.append(
                    "HAPTIC_CONTROLLERS item \(index + 1) ('\(DeviceSpecifier.shown(trimmed(item)))'): \(reason.text); it is skipped")
            }
        }
        return parsed
    }

    /// Parses a whole `HAPTIC_CONTROLLERS` value strictly: every item must parse.
    ///
    /// - Throws: ``DeviceError/Code/notFound`` with the first bad item's problem (``parse(list:)`` keeps the good
    ///   items instead).
    public static func parseList(_ text: String) throws(DeviceError) -> [SimulatedControllerSpec] {
        let parsed = parse(list: text)
        if let problem = parsed.problems.first { throw DeviceError(.notFound, problem) }
        return parsed.specs
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    /// The actuators of the model.
    public var actuators: ControllerActuators {
        switch model {
        case .xbox: [.twoHandles, .triggerMotors]
        case .dualsense: [.twoHandles, .voiceCoils]
        case .generic: [.twoHandles]
        }
    }

    /// The controller category of the model.
    public var category: ControllerCategory {
        switch model {
        case .xbox: .xboxOne
        case .dualsense: .dualSense
        case .generic: .generic
        }
    }

    /// The name the simulated controller reports.
    public var name: String {
        switch model {
        case .xbox: "Simulated Xbox One Controller"
        case .dualsense:
            transport == .bluetooth ? "Simulated DualSense Wireless Controller (Bluetooth)" : "Simulated DualSense Wireless Controller"
        case .generic: "Simulated Gamepad"
        }
    }
}
