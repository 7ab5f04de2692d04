import Foundation
import HapticPattern

/// The ``CHHapticDeviceCapability`` returned by `capabilitiesForHardware()`.
final class HardwareCapability: NSObject, CHHapticDeviceCapability {
    let supportsHaptics: Bool
    let supportsAudio: Bool

    init(supportsHaptics: Bool, supportsAudio: Bool) {
        self.supportsHaptics = supportsHaptics
        self.supportsAudio = supportsAudio
    }

    func attributes(forEventParameter inParameter: CHHapticEvent.ParameterID, eventType type: CHHapticEvent.EventType) throws
        -> any CHHapticParameterAttributes
    {
        guard let id = EventParameterID(rawValue: inParameter.rawValue) else {
            throw CHHapticError(.invalidParameterType, message: "unknown event parameter \"\(inParameter.rawValue)\"")
        }
        guard let eventType = HapticPattern.EventType(rawValue: type.rawValue) else {
            throw CHHapticError(.invalidParameterType, message: "unknown event type \"\(type.rawValue)\"")
        }
        guard eventType.accepts(id) else {
            throw CHHapticError(.invalidParameterType, message: "\(id.rawValue) does not apply to \(eventType.rawValue) events")
        }
        return ParameterAttributes(id.range(for: eventType))
    }

    func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws -> any CHHapticParameterAttributes {
        guard let id = DynamicParameterID(rawValue: inParameter.rawValue) else {
            throw CHHapticError(.invalidParameterType, message: "unknown dynamic parameter \"\(inParameter.rawValue)\"")
        }
        return ParameterAttributes(id.range)
    }
}

/// A ``CHHapticParameterAttributes`` value.
final class ParameterAttributes: NSObject, CHHapticParameterAttributes {
    let minValue: Float
    let maxValue: Float
    let defaultValue: Float

    init(_ range: ParameterRange) {
        minValue = range.minValue
        maxValue = range.maxValue
        defaultValue = range.defaultValue
    }
}
