import OpenCoreHaptics

// CHHapticDeviceCapability of the default device through the C ABI (CoreHapticsWrapper.h). An index outside the
// plug-in's enums gives 0 (there is no error callback). A parameter that does not apply to the event type asked
// about (volume of a transient) gives its range for an event type it applies to, as Apple's wrapper falls back to a
// table of ranges.

/// The minimum of an event parameter; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_Capabilities_MinValueForEventParameter")
public func CoreHaptics_Capabilities_MinValueForEventParameter(_ parameterId: Int32, _ eventType: Int32) -> Float {
    CapabilityLookup.event(parameterId, eventType)?.minValue ?? 0
}

/// The default of an event parameter; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_Capabilities_DefaultValueForEventParameter")
public func CoreHaptics_Capabilities_DefaultValueForEventParameter(_ parameterId: Int32, _ eventType: Int32) -> Float {
    CapabilityLookup.event(parameterId, eventType)?.defaultValue ?? 0
}

/// The maximum of an event parameter; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_Capabilities_MaxValueForEventParameter")
public func CoreHaptics_Capabilities_MaxValueForEventParameter(_ parameterId: Int32, _ eventType: Int32) -> Float {
    CapabilityLookup.event(parameterId, eventType)?.maxValue ?? 0
}

/// The minimum of a dynamic parameter; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_Capabilities_MinValueForDynamicParameter")
public func CoreHaptics_Capabilities_MinValueForDynamicParameter(_ parameterId: Int32) -> Float {
    CapabilityLookup.dynamic(parameterId)?.minValue ?? 0
}

/// The default of a dynamic parameter; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_Capabilities_DefaultValueForDynamicParameter")
public func CoreHaptics_Capabilities_DefaultValueForDynamicParameter(_ parameterId: Int32) -> Float {
    CapabilityLookup.dynamic(parameterId)?.defaultValue ?? 0
}

/// The maximum of a dynamic parameter; see CoreHapticsWrapper.h.
@_cdecl("CoreHaptics_Capabilities_MaxValueForDynamicParameter")
public func CoreHaptics_Capabilities_MaxValueForDynamicParameter(_ parameterId: Int32) -> Float {
    CapabilityLookup.dynamic(parameterId)?.maxValue ?? 0
}

/// Parameter attributes by the plug-in's indexes.
enum CapabilityLookup {
    /// The attributes of an event parameter for an event type (or, when it does not apply to that type, for the
    /// first type it applies to); `nil` for an unknown index.
    static func event(_ parameterId: Int32, _ eventType: Int32) -> (any CHHapticParameterAttributes)? {
        LogRouting.installIfUnconfigured()  // before device discovery makes its logger
        guard let parameter = ParameterIndexes.eventParameter(parameterId), let type = ParameterIndexes.eventType(eventType) else {
            return nil
        }
        let capability = CHHapticEngine.capabilitiesForHardware()
        for candidate in [type] + ParameterIndexes.eventType {
            if let attributes = try? capability.attributes(forEventParameter: parameter, eventType: candidate) { return attributes }
        }
        return nil
    }

    /// The attributes of a dynamic parameter; `nil` for an unknown index.
    static func dynamic(_ parameterId: Int32) -> (any CHHapticParameterAttributes)? {
        LogRouting.installIfUnconfigured()
        guard let parameter = ParameterIndexes.dynamicParameter(parameterId) else { return nil }
        return try? CHHapticEngine.capabilitiesForHardware().attributes(forDynamicParameter: parameter)
    }
}
