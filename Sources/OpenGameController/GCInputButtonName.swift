/// The key of the A button (the bottom face button: a DualSense's cross) in ``GCPhysicalInputProfile/elements``.
public let GCInputButtonA = "Button A"
/// The key of the B button (the right face button: a DualSense's circle).
public let GCInputButtonB = "Button B"
/// The key of the X button (the left face button: a DualSense's square).
public let GCInputButtonX = "Button X"
/// The key of the Y button (the top face button: a DualSense's triangle).
public let GCInputButtonY = "Button Y"
/// The key of the left shoulder button (L1, LB).
public let GCInputLeftShoulder = "Left Shoulder"
/// The key of the right shoulder button (R1, RB).
public let GCInputRightShoulder = "Right Shoulder"
/// The key of the left trigger in ``GCPhysicalInputProfile/buttons``.
public let GCInputLeftTrigger = "Left Trigger"
/// The key of the right trigger in ``GCPhysicalInputProfile/buttons``.
public let GCInputRightTrigger = "Right Trigger"
/// The key of the d-pad in ``GCPhysicalInputProfile/dpads``.
public let GCInputDirectionPad = "Direction Pad"
/// The key of the left thumbstick in ``GCPhysicalInputProfile/dpads``.
public let GCInputLeftThumbstick = "Left Thumbstick"
/// The key of the right thumbstick in ``GCPhysicalInputProfile/dpads``.
public let GCInputRightThumbstick = "Right Thumbstick"
/// The key of the left thumbstick's button (L3).
public let GCInputLeftThumbstickButton = "Left Thumbstick Button"
/// The key of the right thumbstick's button (R3).
public let GCInputRightThumbstickButton = "Right Thumbstick Button"
/// The key of the menu button (Start, a DualSense's options button).
public let GCInputButtonMenu = "Button Menu"
/// The key of the options button (Select, Back, View, a DualSense's create button).
public let GCInputButtonOptions = "Button Options"
/// The key of the home button (the Xbox or PS button).
public let GCInputButtonHome = "Button Home"
/// The key of an Xbox Elite pad's paddle P1 (upper right) in ``GCPhysicalInputProfile/buttons``.
public let GCInputXboxPaddleOne = "Paddle 1"
/// The key of an Xbox Elite pad's paddle P2 (lower right).
public let GCInputXboxPaddleTwo = "Paddle 2"
/// The key of an Xbox Elite pad's paddle P3 (upper left).
public let GCInputXboxPaddleThree = "Paddle 3"
/// The key of an Xbox Elite pad's paddle P4 (lower left).
public let GCInputXboxPaddleFour = "Paddle 4"
/// The key of the share button (Xbox Series pads).
public let GCInputButtonShare = "Button Share"
/// The key of a DualSense's or DualShock 4's touchpad button.
public let GCInputDualShockTouchpadButton = "Touchpad Button"
/// The key of the touchpad's first touch point in ``GCPhysicalInputProfile/dpads``.
public let GCInputDualShockTouchpadOne = "Touchpad 1"
/// The key of the touchpad's second touch point in ``GCPhysicalInputProfile/dpads``.
public let GCInputDualShockTouchpadTwo = "Touchpad 2"
