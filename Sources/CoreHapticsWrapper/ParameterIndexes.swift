import OpenCoreHaptics

/// The integer indexes Apple's Unity plug-in uses for Core Haptics' identifiers (its C# enums' values).
enum ParameterIndexes {
    /// Dynamic parameters, by index (`CHHapticDynamicParameterID` in the plug-in).
    static let dynamic: [CHHapticDynamicParameter.ID] = [
        .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl,
        .hapticReleaseTimeControl, .audioVolumeControl, .audioPanControl, .audioPitchControl,
        .audioBrightnessControl, .audioAttackTimeControl, .audioDecayTimeControl, .audioReleaseTimeControl,
    ]

    /// Event parameters, by index (`CHHapticEventParameterID` in the plug-in).
    static let event: [CHHapticEvent.ParameterID] = [
        .hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime, .sustained,
        .audioVolume, .audioPan, .audioPitch, .audioBrightness,
    ]

    /// Event types, by index (`CHHapticEventType` in the plug-in).
    static let eventType: [CHHapticEvent.EventType] = [.hapticTransient, .hapticContinuous, .audioContinuous, .audioCustom]

    /// The dynamic parameter at an index, or `nil` outside the table.
    static func dynamicParameter(_ index: Int32) -> CHHapticDynamicParameter.ID? {
        dynamic.indices.contains(Int(index)) ? dynamic[Int(index)] : nil
    }

    /// The event parameter at an index, or `nil` outside the table.
    static func eventParameter(_ index: Int32) -> CHHapticEvent.ParameterID? {
        event.indices.contains(Int(index)) ? event[Int(index)] : nil
    }

    /// The event type at an index, or `nil` outside the table.
    static func eventType(_ index: Int32) -> CHHapticEvent.EventType? {
        eventType.indices.contains(Int(index)) ? eventType[Int(index)] : nil
    }
}
