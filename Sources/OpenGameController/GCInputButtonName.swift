/// The key of the left trigger in ``GCPhysicalInputProfile/buttons``.
public let GCInputLeftTrigger = "Left Trigger"

/// The key of the right trigger in ``GCPhysicalInputProfile/buttons``.
public let GCInputRightTrigger = "Right Trigger"
