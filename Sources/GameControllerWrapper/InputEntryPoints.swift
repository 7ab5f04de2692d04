import CGameControllerWrapper
import OpenGameController

// Input and light: Apple's GameControllerWrapper_PollController and _SetControllerLightColor (GameControllerWrapper.h),
// and OpenCoreHaptics' OpenGameController_SetSimulatedInput.

/// The controller's input now, read from its extended gamepad; Apple's empty state for an unknown controller.
///
/// Beyond Apple's plug-in, which leaves them 0: `buttonHome` is read. The battery is the controller's
/// `GCDeviceBattery` (its `power_supply` node), or Apple's "none" (level 0, state -1) for a pad without one.
@_cdecl("GameControllerWrapper_PollController")
public func GameControllerWrapper_PollController(_ uniqueId: UnsafePointer<CChar>?) -> GCWControllerInputState {
    var state = GCWControllerInputState()
    state.batteryState = -1
    guard let controller = ControllerIDs.shared.controller(uniqueId) else { return state }
    if let battery = controller.battery {
        state.batteryLevel = battery.batteryLevel
        state.batteryState = Int32(battery.batteryState.rawValue)
    }
    guard let pad = controller.extendedGamepad else { return state }
    state.buttonHome = pad.buttonHome?.value ?? 0
    state.buttonMenu = pad.buttonMenu.value
    state.buttonOptions = pad.buttonOptions?.value ?? 0
    state.buttonA = pad.buttonA.value
    state.buttonB = pad.buttonB.value
    state.buttonY = pad.buttonY.value
    state.buttonX = pad.buttonX.value
    state.shoulderRightFront = pad.rightShoulder.value
    state.shoulderRightBack = pad.rightTrigger.value
    state.shoulderLeftFront = pad.leftShoulder.value
    state.shoulderLeftBack = pad.leftTrigger.value
    state.dpadHorizontal = pad.dpad.xAxis.value
    state.dpadVertical = pad.dpad.yAxis.value
    state.thumbstickLeftHorizontal = pad.leftThumbstick.xAxis.value
    state.thumbstickLeftVertical = pad.leftThumbstick.yAxis.value
    state.thumbstickLeftButton = pad.leftThumbstickButton?.value ?? 0
    state.thumbstickRightHorizontal = pad.rightThumbstick.xAxis.value
    state.thumbstickRightVertical = pad.rightThumbstick.yAxis.value
    state.thumbstickRightButton = pad.rightThumbstickButton?.value ?? 0
    if let touchpad = InputElements.touchpad(of: pad) {
        state.touchpadButton = touchpad.button.value
        state.touchpadPrimaryHorizontal = touchpad.primary.xAxis.value
        state.touchpadPrimaryVertical = touchpad.primary.yAxis.value
        state.touchpadSecondaryHorizontal = touchpad.secondary.xAxis.value
        state.touchpadSecondaryVertical = touchpad.secondary.yAxis.value
    }
    return state
}

/// Sets a controller's light (its `GCDeviceLight`: the LED class nodes its driver registers); nothing for an unknown
/// controller or one without a light, or for a colour component that is not a number.
@_cdecl("GameControllerWrapper_SetControllerLightColor")
public func GameControllerWrapper_SetControllerLightColor(
    _ uniqueId: UnsafePointer<CChar>?, _ red: Float, _ green: Float, _ blue: Float
) {
    guard red.isFinite, green.isFinite, blue.isFinite, let light = ControllerIDs.shared.controller(uniqueId)?.light else { return }
    light.color = GCColor(red: min(max(red, 0), 1), green: min(max(green, 0), 1), blue: min(max(blue, 0), 1))
}

/// Sets one input of a controller with GameController's `setValue(_:)`; see GameControllerWrapper.h.
@_cdecl("OpenGameController_SetSimulatedInput")
public func OpenGameController_SetSimulatedInput(_ uniqueId: UnsafePointer<CChar>?, _ inputName: Int32, _ value: Float) -> Bool {
    guard let pad = ControllerIDs.shared.controller(uniqueId)?.extendedGamepad, value.isFinite else { return false }
    switch InputElements.element(inputName, of: pad) {
    case .button(let button): button.setValue(min(max(value, 0), 1))
    case .axis(let axis): axis.setValue(min(max(value, -1), 1))
    case nil: return false
    }
    return true
}

/// Apple's input names (`GCWControllerInputName`) as a profile's elements.
enum InputElements {
    /// A button or an axis.
    enum Element {
        case button(GCControllerButtonInput)
        case axis(GCControllerAxisInput)
    }

    /// The touchpad of a DualSense or DualShock profile.
    static func touchpad(
        of pad: GCExtendedGamepad
    ) -> (button: GCControllerButtonInput, primary: GCControllerDirectionPad, secondary: GCControllerDirectionPad)? {
        if let dualSense = pad as? GCDualSenseGamepad {
            return (dualSense.touchpadButton, dualSense.touchpadPrimary, dualSense.touchpadSecondary)
        }
        if let dualShock = pad as? GCDualShockGamepad {
            return (dualShock.touchpadButton, dualShock.touchpadPrimary, dualShock.touchpadSecondary)
        }
        return nil
    }

    /// The element an input name (0-23) reads, if the profile has it.
    static func element(_ name: Int32, of pad: GCExtendedGamepad) -> Element? {
        switch name {
        case 0: return pad.buttonHome.map(Element.button)
        case 1: return .button(pad.buttonMenu)
        case 2: return pad.buttonOptions.map(Element.button)
        case 3: return .button(pad.buttonA)
        case 4: return .button(pad.buttonB)
        case 5: return .button(pad.buttonY)
        case 6: return .button(pad.buttonX)
        case 7: return .button(pad.rightShoulder)
        case 8: return .button(pad.rightTrigger)
        case 9: return .button(pad.leftShoulder)
        case 10: return .button(pad.leftTrigger)
        case 11: return .axis(pad.dpad.xAxis)
        case 12: return .axis(pad.dpad.yAxis)
        case 13: return .axis(pad.leftThumbstick.xAxis)
        case 14: return .axis(pad.leftThumbstick.yAxis)
        case 15: return pad.leftThumbstickButton.map(Element.button)
        case 16: return .axis(pad.rightThumbstick.xAxis)
        case 17: return .axis(pad.rightThumbstick.yAxis)
        case 18: return pad.rightThumbstickButton.map(Element.button)
        case 19: return touchpad(of: pad).map { .button($0.button) }
        case 20: return touchpad(of: pad).map { .axis($0.primary.xAxis) }
        case 21: return touchpad(of: pad).map { .axis($0.primary.yAxis) }
        case 22: return touchpad(of: pad).map { .axis($0.secondary.xAxis) }
        case 23: return touchpad(of: pad).map { .axis($0.secondary.yAxis) }
        default: return nil
        }
    }
}
