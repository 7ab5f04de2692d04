import Foundation

/// What the machine's haptic and audio hardware can play, from ``CHHapticEngine/capabilitiesForHardware()``.
///
///     if CHHapticEngine.capabilitiesForHardware().supportsHaptics {
///         // a real actuator is present
///     }
///
/// - Note: OpenCoreHaptics reports real hardware only. With none, ``supportsHaptics`` and ``supportsAudio`` are
///   `false`, yet an engine still starts and plays to the simulated actuator, so programs behave the same on
///   every machine. Core Haptics instead fails `CHHapticEngine()` with `notSupported` when neither is present.
public protocol CHHapticDeviceCapability: NSObjectProtocol {
    /// Whether a haptic actuator is present.
    var supportsHaptics: Bool { get }
    /// Whether an audio output the engine can play to is present.
    var supportsAudio: Bool { get }

    /// The range and default of an event parameter for events of a type.
    ///
    /// - Throws: `CHHapticError.Code.invalidParameterType` for an unknown parameter or event type, or a parameter
    ///   that does not apply to the event type.
    func attributes(forEventParameter inParameter: CHHapticEvent.ParameterID, eventType type: CHHapticEvent.EventType) throws
        -> any CHHapticParameterAttributes

    /// The range and default of a dynamic parameter.
    ///
    /// - Throws: `CHHapticError.Code.invalidParameterType` for an unknown parameter.
    func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws -> any CHHapticParameterAttributes
}
