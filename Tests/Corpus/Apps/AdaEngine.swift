// AdaEngine's own input types, as its AppleGameControllerManager uses them (compatibility corpus gate only). The file
// also needs the Objective-C runtime (#selector, @objc) and GameController's input profiles (issue 35).
import Foundation

/// A window ID.
struct WindowRef {
    static let empty = WindowRef()
}

/// An input event.
public protocol InputEvent: Sendable {}

/// A gamepad button.
enum GamepadButton: Sendable {
    case a, b, x, y, leftShoulder, rightShoulder, leftTriggerButton, rightTriggerButton, leftStickButton, rightStickButton
    case dPadUp, dPadDown, dPadLeft, dPadRight, start, select, unknown
}

/// A gamepad axis.
enum GamepadAxis: Sendable {
    case leftStickX, leftStickY, rightStickX, rightStickY, leftTrigger, rightTrigger, unknown
}

/// A gamepad's description.
struct GamepadInfo: Sendable {
    let name: String
    let type: String
}

/// A gamepad connected or disconnected.
struct GamepadConnectionEvent: InputEvent {
    let gamepadId: Int
    let isConnected: Bool
    let gamepadInfo: GamepadInfo?
    let window: WindowRef
    let time: Double
}

/// A gamepad axis moved.
struct GamepadAxisEvent: InputEvent {
    let gamepadId: Int
    let axis: GamepadAxis
    let value: Float
    let window: WindowRef
    let time: Double
}

/// A gamepad button changed.
struct GamepadButtonEvent: InputEvent {
    let gamepadId: Int
    let button: GamepadButton
    let isPressed: Bool
    let pressure: Float
    let window: WindowRef
    let time: Double
}

/// The engine's game-controller back-end.
public protocol GameControllerEngine: AnyObject {}
