/// One item of `HAPTIC_CONTROLLERS`: `simulated:<profile>` optionally followed by `=wav:<path>`.
///
///     HAPTIC_CONTROLLERS=simulated:xbox=wav:/tmp/pad1.wav,simulated:dualsense
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

    /// Creates a spec.
    public init(model: Model, recordingPath: String? = nil) {
        self.model = model
        self.recordingPath = recordingPath
    }

    /// Parses one item, `simulated:<model>[=wav:<path>]`.
    ///
    /// - Throws: ``DeviceError/Code/notFound`` naming what is wrong.
    public init(parsing item: String) throws(DeviceError) {
        let text = item.drop { $0 == " " }
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let head = parts[0]
        guard head.hasPrefix("simulated:") else {
            throw DeviceError(.notFound, "HAPTIC_CONTROLLERS item '\(item)': expected simulated:<profile>[=wav:<path>]")
        }
        let name = head.dropFirst("simulated:".count).lowercased()
        guard let model = Model(rawValue: name) else {
            throw DeviceError(
                .notFound,
                "HAPTIC_CONTROLLERS item '\(item)': no simulated controller '\(name)' (have: \(Model.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        var path: String?
        if parts.count > 1 {
            let output = parts[1]
            guard output.hasPrefix("wav:"), output.count > 4 else {
                throw DeviceError(.notFound, "HAPTIC_CONTROLLERS item '\(item)': the output must be wav:<path>")
            }
            path = String(output.dropFirst(4))
        }
        self.init(model: model, recordingPath: path)
    }

    /// Parses a whole `HAPTIC_CONTROLLERS` value (comma-separated items; empty items are ignored).
    public static func parseList(_ text: String) throws(DeviceError) -> [SimulatedControllerSpec] {
        var specs: [SimulatedControllerSpec] = []
        for item in text.split(separator: ",") where !item.allSatisfy({ $0 == " " }) {
            specs.append(try SimulatedControllerSpec(parsing: String(item)))
        }
        return specs
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
        case .dualsense: "Simulated DualSense Wireless Controller"
        case .generic: "Simulated Gamepad"
        }
    }
}
