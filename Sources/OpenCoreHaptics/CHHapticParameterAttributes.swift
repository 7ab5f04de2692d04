import Foundation

/// The range and default of a parameter on this device, from ``CHHapticDeviceCapability``.
///
///     let attributes = try CHHapticEngine.capabilitiesForHardware()
///         .attributes(forEventParameter: .hapticIntensity, eventType: .hapticTransient)
///     print(attributes.minValue, attributes.maxValue, attributes.defaultValue)   // 0.0 1.0 0.75
public protocol CHHapticParameterAttributes: NSObjectProtocol {
    /// The smallest value; smaller ones are clamped.
    var minValue: Float { get }
    /// The largest value; larger ones are clamped.
    var maxValue: Float { get }
    /// The value used when the parameter is not given.
    var defaultValue: Float { get }
}
