import HapticDevices

/// The kernel's gamepad layout (Linux's Documentation/input/gamepad.rst) mapped onto Apple's extended gamepad: which
/// evdev button or axis is which element, how an axis's value is scaled, and what changed in a batch of events.
///
/// - Thread safety: a value type; its owner (the gamepad) locks it.
internal struct KernelGamepadLayout {
    /// The elements of one gamepad.
    internal struct Elements {
        let dpad = GCControllerDirectionPad(localizedName: "Direction Pad", isAnalog: false)
        let buttonA = GCControllerButtonInput(localizedName: "A Button", isAnalog: false)
        let buttonB = GCControllerButtonInput(localizedName: "B Button", isAnalog: false)
        let buttonX = GCControllerButtonInput(localizedName: "X Button", isAnalog: false)
        let buttonY = GCControllerButtonInput(localizedName: "Y Button", isAnalog: false)
        let leftShoulder = GCControllerButtonInput(localizedName: "Left Shoulder", isAnalog: false)
        let rightShoulder = GCControllerButtonInput(localizedName: "Right Shoulder", isAnalog: false)
        let leftTrigger: GCControllerButtonInput
        let rightTrigger: GCControllerButtonInput
        let leftThumbstick = GCControllerDirectionPad(localizedName: "Left Thumbstick", isAnalog: true)
        let rightThumbstick = GCControllerDirectionPad(localizedName: "Right Thumbstick", isAnalog: true)
        let leftThumbstickButton: GCControllerButtonInput? = GCControllerButtonInput(
            localizedName: "Left Thumbstick Button", isAnalog: false)
        let rightThumbstickButton: GCControllerButtonInput? = GCControllerButtonInput(
            localizedName: "Right Thumbstick Button", isAnalog: false)
        let buttonMenu = GCControllerButtonInput(localizedName: "Menu Button", isAnalog: false)
        let buttonOptions: GCControllerButtonInput? = GCControllerButtonInput(localizedName: "Options Button", isAnalog: false)
        let buttonHome: GCControllerButtonInput? = GCControllerButtonInput(localizedName: "Home Button", isAnalog: false)
        /// An Xbox Elite's paddles P1 … P4 (none on other pads).
        let paddles: [GCControllerButtonInput]
        /// An Xbox Series pad's share button.
        let buttonShare: GCControllerButtonInput?
        /// A DualSense's or DualShock 4's touchpad.
        let touchpad: Touchpad?

        /// A touchpad's button and its two touch points, as direction pads (Apple's DualShock and DualSense
        /// profiles') and as the touchpads over them that also know whether a finger is down.
        struct Touchpad {
            let button = GCControllerButtonInput(localizedName: "Touchpad Button", isAnalog: false)
            let primary = GCControllerDirectionPad(localizedName: "Touchpad 1", isAnalog: true)
            let secondary = GCControllerDirectionPad(localizedName: "Touchpad 2", isAnalog: true)
            let one: GCControllerTouchpad
            let two: GCControllerTouchpad

            init() {
                one = GCControllerTouchpad(localizedName: "Touchpad 1", touchSurface: primary, button: button)
                two = GCControllerTouchpad(localizedName: "Touchpad 2", touchSurface: secondary, button: button)
            }
        }

        init(leftTrigger: GCControllerButtonInput?, rightTrigger: GCControllerButtonInput?, extras: Extras = []) {
            self.leftTrigger = leftTrigger ?? GCControllerButtonInput(localizedName: "Left Trigger", isAnalog: true)
            self.rightTrigger = rightTrigger ?? GCControllerButtonInput(localizedName: "Right Trigger", isAnalog: true)
            paddles =
                extras.contains(.paddles) ? (1...4).map { GCControllerButtonInput(localizedName: "Paddle \($0)", isAnalog: false) } : []
            buttonShare = extras.contains(.share) ? GCControllerButtonInput(localizedName: "Share Button", isAnalog: false) : nil
            touchpad = extras.contains(.touchpad) ? Touchpad() : nil
        }

        /// The buttons by Apple's input names.
        var buttons: [String: GCControllerButtonInput] {
            var buttons = [
                GCInputButtonA: buttonA, GCInputButtonB: buttonB, GCInputButtonX: buttonX, GCInputButtonY: buttonY,
                GCInputLeftShoulder: leftShoulder, GCInputRightShoulder: rightShoulder, GCInputLeftTrigger: leftTrigger,
                GCInputRightTrigger: rightTrigger, GCInputButtonMenu: buttonMenu,
            ]
            buttons[GCInputLeftThumbstickButton] = leftThumbstickButton
            buttons[GCInputRightThumbstickButton] = rightThumbstickButton
            buttons[GCInputButtonOptions] = buttonOptions
            buttons[GCInputButtonHome] = buttonHome
            for (name, paddle) in zip([GCInputXboxPaddleOne, GCInputXboxPaddleTwo, GCInputXboxPaddleThree, GCInputXboxPaddleFour], paddles)
            {
                buttons[name] = paddle
            }
            buttons[GCInputButtonShare] = buttonShare
            buttons[GCInputDualShockTouchpadButton] = touchpad?.button
            return buttons
        }

        /// The d-pad, the thumbsticks and a touchpad's touch points by Apple's input names.
        var dpads: [String: GCControllerDirectionPad] {
            var dpads = [GCInputDirectionPad: dpad, GCInputLeftThumbstick: leftThumbstick, GCInputRightThumbstick: rightThumbstick]
            dpads[GCInputDualShockTouchpadOne] = touchpad?.primary
            dpads[GCInputDualShockTouchpadTwo] = touchpad?.secondary
            return dpads
        }

        /// A touchpad's two touch slots as touchpads, by the names of their direction pads.
        var touchpads: [String: GCControllerTouchpad] {
            guard let touchpad else { return [:] }
            return [GCInputDualShockTouchpadOne: touchpad.one, GCInputDualShockTouchpadTwo: touchpad.two]
        }
    }

    /// Elements some pads have beyond the extended gamepad's.
    struct Extras: OptionSet, Sendable {
        let rawValue: Int
        /// An Xbox Elite's four paddles.
        static let paddles = Extras(rawValue: 1)
        /// An Xbox Series pad's share button.
        static let share = Extras(rawValue: 2)
        /// A DualSense's or DualShock 4's touchpad (button and two touch points).
        static let touchpad = Extras(rawValue: 4)
    }

    /// A touch slot of the touchpad: whether a finger is on it (`ABS_MT_TRACKING_ID` ≥ 0) and where (raw values).
    private struct Touch {
        var down = false
        var x: Int32 = 0
        var y: Int32 = 0
    }

    private let elements: Elements
    /// The d-pad's digital buttons held (`BTN_DPAD_UP` … `BTN_DPAD_RIGHT`, for pads without a hat).
    private var dpadButtons: Set<UInt16> = []
    /// The touchpad's two slots, the slot its events go to now (`ABS_MT_SLOT`), and whether a slot changed in this
    /// report.
    private var touches = [Touch(), Touch()]
    private var touchSlot = 0
    private var touchChanged = false

    init(elements: Elements) { self.elements = elements }

    /// evdev codes (linux/input-event-codes.h).
    enum Code {
        static let south: UInt16 = 0x130, east: UInt16 = 0x131, north: UInt16 = 0x133, west: UInt16 = 0x134
        static let tl: UInt16 = 0x136, tr: UInt16 = 0x137, tl2: UInt16 = 0x138, tr2: UInt16 = 0x139
        static let select: UInt16 = 0x13A, start: UInt16 = 0x13B, mode: UInt16 = 0x13C, thumbl: UInt16 = 0x13D
        static let thumbr: UInt16 = 0x13E
        static let dpadUp: UInt16 = 0x220, dpadDown: UInt16 = 0x221, dpadLeft: UInt16 = 0x222, dpadRight: UInt16 = 0x223
        static let x: UInt16 = 0x00, y: UInt16 = 0x01, z: UInt16 = 0x02, rx: UInt16 = 0x03, ry: UInt16 = 0x04
        static let rz: UInt16 = 0x05, hat0x: UInt16 = 0x10, hat0y: UInt16 = 0x11, hat1x: UInt16 = 0x12, hat1y: UInt16 = 0x13
        static let hat2x: UInt16 = 0x14, hat2y: UInt16 = 0x15
        static let touchpadClick: UInt16 = 0x110  // BTN_LEFT, on the touchpad's node
        static let mtSlot: UInt16 = 0x2F, mtPositionX: UInt16 = 0x35, mtPositionY: UInt16 = 0x36, mtTrackingID: UInt16 = 0x39
    }

    /// Applies `events` (one or more reports, each ended by a ``PadInputEvent/Kind/report``; what follows the last is
    /// one more); returns the handler calls (in order) and the top-level elements that changed (each once per report).
    /// `node` says which of the pad's nodes sent them: the touchpad's `ABS_X` is a finger, not the left stick.
    mutating func apply(_ events: [PadInputEvent], axes: [UInt16: PadAxisRange], node: PadInputNode = .gamepad) -> (
        [InputCall], [GCControllerElement]
    ) {
        var calls: [InputCall] = []
        var changed: [GCControllerElement] = []
        var reportStart = 0  // where this report's changes begin in `changed`
        func note(_ element: GCControllerElement, _ result: (changed: Bool, calls: [InputCall])) {
            calls += result.calls
            if result.changed, !changed[reportStart...].contains(where: { $0 === element }) { changed.append(element) }
        }
        // Sticks and the d-pad move once per report (both axes of one report together), in the order they first moved.
        var positions: [ObjectIdentifier: (pad: GCControllerDirectionPad, x: Float, y: Float)] = [:]
        var order: [ObjectIdentifier] = []
        func move(_ pad: GCControllerDirectionPad, x: Float? = nil, y: Float? = nil) {
            let key = ObjectIdentifier(pad)
            let current = positions[key] ?? (pad, pad.x, pad.y)
            positions[key] = (pad, x ?? current.x, y ?? current.y)
            if !order.contains(key) { order.append(key) }
        }
        func endReport() {
            if touchChanged, let touchpad = elements.touchpad {
                for (slot, pad) in [touchpad.one, touchpad.two].enumerated() {
                    let touch = touches[slot]
                    let x = touch.down ? Self.touch(touch.x, axes[Code.mtPositionX], fallbackMaximum: 1_919) : 0
                    // Up positive; 0 − v, not −v: a finger in the middle reads 0, never −0.
                    let y = touch.down ? 0 - Self.touch(touch.y, axes[Code.mtPositionY], fallbackMaximum: 1_079) : 0
                    note(pad.touchSurface, pad.report(touching: touch.down, x: x, y: y))
                }
                touchChanged = false
            }
            for key in order {
                guard let position = positions[key] else { continue }
                note(position.pad, position.pad.update(x: position.x, y: position.y))
            }
            positions = [:]
            order = []
            reportStart = changed.count
        }
        for event in events {
            if node == .touchpad {
                if event.kind == .report {
                    endReport()
                } else if let call = touch(event) {
                    note(call.button, call.result)
                }
                continue
            }
            switch event.kind {
            case .report:
                endReport()
            case .button:
                guard event.value != 2 else { continue }  // auto-repeat
                let pressed: Float = event.value != 0 ? 1 : 0
                if let button = button(event.code) {
                    note(button, button.update(pressed))
                } else if (Code.dpadUp...Code.dpadRight).contains(event.code) {
                    if pressed > 0 { dpadButtons.insert(event.code) } else { dpadButtons.remove(event.code) }
                    let x: Float = (dpadButtons.contains(Code.dpadRight) ? 1 : 0) - (dpadButtons.contains(Code.dpadLeft) ? 1 : 0)
                    let y: Float = (dpadButtons.contains(Code.dpadUp) ? 1 : 0) - (dpadButtons.contains(Code.dpadDown) ? 1 : 0)
                    move(elements.dpad, x: x, y: y)
                }
            case .axis:
                let range = axes[event.code]
                switch event.code {
                case Code.x: move(elements.leftThumbstick, x: Self.stick(event.value, range))
                case Code.y: move(elements.leftThumbstick, y: -Self.stick(event.value, range))
                case Code.rx: move(elements.rightThumbstick, x: Self.stick(event.value, range))
                case Code.ry: move(elements.rightThumbstick, y: -Self.stick(event.value, range))
                case Code.hat0x: move(elements.dpad, x: Self.hat(event.value))
                case Code.hat0y: move(elements.dpad, y: -Self.hat(event.value))
                case Code.z, Code.hat2y: note(elements.leftTrigger, elements.leftTrigger.update(Self.trigger(event.value, range)))
                case Code.rz, Code.hat2x: note(elements.rightTrigger, elements.rightTrigger.update(Self.trigger(event.value, range)))
                case Code.hat1y: note(elements.leftShoulder, elements.leftShoulder.update(Self.trigger(event.value, range)))
                case Code.hat1x: note(elements.rightShoulder, elements.rightShoulder.update(Self.trigger(event.value, range)))
                default: break
                }
            }
        }
        endReport()  // a batch without SYN_REPORT (a simulated pad's) is one report
        return (calls, changed)
    }

    /// Takes one event of the touchpad's node into the touch slots; returns the button's change for its click.
    private mutating func touch(_ event: PadInputEvent) -> (
        button: GCControllerButtonInput, result: (changed: Bool, calls: [InputCall])
    )? {
        guard let touchpad = elements.touchpad else { return nil }
        switch (event.kind, event.code) {
        case (.button, Code.touchpadClick):
            guard event.value != 2 else { return nil }
            return (touchpad.button, touchpad.button.update(event.value != 0 ? 1 : 0))
        case (.axis, Code.mtSlot):
            touchSlot = Int(event.value)
        case (.axis, Code.mtTrackingID) where touches.indices.contains(touchSlot):
            touches[touchSlot].down = event.value >= 0
            touchChanged = true
        case (.axis, Code.mtPositionX) where touches.indices.contains(touchSlot):
            touches[touchSlot].x = event.value
            touchChanged = true
        case (.axis, Code.mtPositionY) where touches.indices.contains(touchSlot):
            touches[touchSlot].y = event.value
            touchChanged = true
        default:
            break
        }
        return nil
    }

    private func button(_ code: UInt16) -> GCControllerButtonInput? {
        if let index = ControllerInfo.paddleButtons.firstIndex(of: code) {
            return index < elements.paddles.count ? elements.paddles[index] : nil
        }
        if code == ControllerInfo.shareButton { return elements.buttonShare }
        return switch code {
        case Code.south: elements.buttonA
        case Code.east: elements.buttonB
        case Code.west: elements.buttonX
        case Code.north: elements.buttonY
        case Code.tl: elements.leftShoulder
        case Code.tr: elements.rightShoulder
        case Code.tl2: elements.leftTrigger
        case Code.tr2: elements.rightTrigger
        case Code.thumbl: elements.leftThumbstickButton
        case Code.thumbr: elements.rightThumbstickButton
        case Code.start: elements.buttonMenu
        case Code.select: elements.buttonOptions
        case Code.mode: elements.buttonHome
        default: nil
        }
    }

    /// A stick axis's value scaled to −1 … 1 around the middle of its range; inside the driver's flat band, 0. An axis
    /// whose range is unknown is taken as xpad's, −32768 … 32767.
    static func stick(_ value: Int32, _ range: PadAxisRange?) -> Float {
        let range = range ?? PadAxisRange(minimum: -32_768, maximum: 32_767)
        guard range.maximum > range.minimum else { return 0 }
        let centre = (Double(range.minimum) + Double(range.maximum)) / 2
        let half = (Double(range.maximum) - Double(range.minimum)) / 2
        let offset = Double(value) - centre
        guard abs(offset) > Double(Swift.max(range.flat, 0)) else { return 0 }
        return Float(Swift.min(Swift.max(offset / half, -1), 1))
    }

    /// A trigger's travel, 0 … 1, from its range (unknown: 0 … 255, hid-playstation's).
    static func trigger(_ value: Int32, _ range: PadAxisRange?) -> Float {
        let range = range ?? PadAxisRange(minimum: 0, maximum: 255)
        guard range.maximum > range.minimum else { return 0 }
        let travel = (Double(value) - Double(range.minimum)) / (Double(range.maximum) - Double(range.minimum))
        return Float(Swift.min(Swift.max(travel, 0), 1))
    }

    /// A touch position scaled to −1 … 1 across its range (unknown: 0 … `fallbackMaximum`, hid-playstation's
    /// DualSense touchpad).
    static func touch(_ value: Int32, _ range: PadAxisRange?, fallbackMaximum: Int32) -> Float {
        let range = range ?? PadAxisRange(minimum: 0, maximum: fallbackMaximum)
        guard range.maximum > range.minimum else { return 0 }
        let travel = (Double(value) - Double(range.minimum)) / (Double(range.maximum) - Double(range.minimum))
        return Float(Swift.min(Swift.max(travel * 2 - 1, -1), 1))
    }

    /// A hat's step, −1, 0 or 1.
    static func hat(_ value: Int32) -> Float { value < 0 ? -1 : value > 0 ? 1 : 0 }
}
