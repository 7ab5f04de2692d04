import HapticDevices

/// A pad's input routed through its SDL game controller mapping (``PadMapping``, from `SDL_GAMECONTROLLERCONFIG` or
/// `SDL_GAMECONTROLLERCONFIG_FILE`) onto Apple's extended gamepad, instead of the kernel's gamepad layout: for pads
/// that do not follow that layout (generic USB and DirectInput pads, many arcade sticks).
///
/// Each evdev event becomes SDL's joystick input first — button, axis or hat number as SDL2 numbers them for the
/// node (``JoystickNumbering``), an axis scaled linearly from the driver's range to −1 … 1 as SDL does (no dead
/// band), a hat's two axes to up/right/down/left — and then goes through the line's bindings as SDL2's game
/// controller layer takes them (`HandleJoystickAxis`, `HandleJoystickButton`, `HandleJoystickHat` in
/// `src/joystick/SDL_gamecontroller.c`): the first binding whose input range holds an axis's value wins, and the
/// output of the binding it leaves is reset; half axes (`+a2`, `-leftx`) and inversion (`a3~`) scale as there; an
/// axis drives a button past the middle of its input range. The results land on Apple's elements in Apple's ranges:
/// sticks −1 … 1 with y up (SDL's y grows downwards), triggers 0 … 1, the d-pad from `dpup` … `dpright`. An output
/// the profile has no element for (`misc1` on a pad without a share button, `paddle1` on one without paddles,
/// `touchpad` without a touchpad) is dropped.
///
/// - Thread safety: a value type; its owner (the gamepad) locks it.
internal struct MappedGamepadLayout {
    private let elements: KernelGamepadLayout.Elements
    private let bindings: [PadMapping.Binding]
    private let keyCodes: [UInt16]
    /// SDL's numbers of the node's inputs, made from the first batch's axes (and made again if the axes change).
    private var numbering = JoystickNumbering(keyCodes: [], axes: [:])
    private var numberedAxes: Set<UInt16>?
    /// SDL's output state of each button (the d-pad's four make its position).
    private var buttonStates = [Bool](repeating: false, count: PadMapping.Button.allCases.count)
    /// The binding each joystick axis matched last (SDL's `last_match_axis`), and each hat's directions.
    private var lastAxisMatch: [Int: Int] = [:]
    private var hatMasks = [Int](repeating: 0, count: 4)
    /// The raw values of each hat pair's two axes.
    private var hatAxes = [(x: Int32, y: Int32)](repeating: (0, 0), count: 4)

    /// The layout of `mapping` over `elements`, for a node that reports `keyCodes`.
    init(elements: KernelGamepadLayout.Elements, mapping: PadMapping, keyCodes: [UInt16]) {
        self.elements = elements
        bindings = mapping.bindings
        self.keyCodes = keyCodes
    }

    /// What one report does so far: the handler calls and the elements that changed, and where sticks and the d-pad
    /// are moving to (they move once per report).
    private struct Report {
        var calls: [InputCall] = []
        var changed: [GCControllerElement] = []
        var reportStart = 0
        var positions: [(pad: GCControllerDirectionPad, x: Float, y: Float)] = []

        mutating func note(_ element: GCControllerElement, _ result: (changed: Bool, calls: [InputCall])) {
            calls += result.calls
            if result.changed, !changed[reportStart...].contains(where: { $0 === element }) { changed.append(element) }
        }

        mutating func move(_ pad: GCControllerDirectionPad, x: Float? = nil, y: Float? = nil) {
            if let index = positions.firstIndex(where: { $0.pad === pad }) {
                positions[index].x = x ?? positions[index].x
                positions[index].y = y ?? positions[index].y
            } else {
                positions.append((pad, x ?? pad.x, y ?? pad.y))
            }
        }

        mutating func end() {
            let moved = positions
            positions = []
            for position in moved { note(position.pad, position.pad.update(x: position.x, y: position.y)) }
            reportStart = changed.count
        }
    }

    /// Applies `events` of the pad's gamepad node (one or more reports, as ``KernelGamepadLayout/apply(_:axes:node:)``
    /// takes them), with the driver's axis ranges `axes`; returns the handler calls (in order) and the top-level
    /// elements that changed (each once per report).
    mutating func apply(_ events: [PadInputEvent], axes: [UInt16: PadAxisRange]) -> ([InputCall], [GCControllerElement]) {
        if numberedAxes == nil || numberedAxes?.count != axes.count {
            numbering = JoystickNumbering(keyCodes: keyCodes, axes: axes)
            numberedAxes = Set(axes.keys)
        }
        var report = Report()
        for event in events {
            switch event.kind {
            case .report:
                report.end()
            case .button:
                guard event.value != 2, let index = numbering.buttons[event.code] else { continue }
                joystickButton(index, pressed: event.value != 0, &report)
            case .axis:
                let code = event.code
                if code >= JoystickNumbering.firstHatAxis, code < JoystickNumbering.firstHatAxis + 8 {
                    let pair = Int(code - JoystickNumbering.firstHatAxis) / 2
                    if let hat = numbering.hats[pair] {
                        if code % 2 == 0 { hatAxes[pair].x = event.value } else { hatAxes[pair].y = event.value }
                        let mask = Self.hatMask(hatAxes[pair], axes, pair: pair)
                        joystickHat(hat, mask: mask, &report)
                        continue
                    }
                }
                guard let index = numbering.axes[code] else { continue }
                joystickAxis(index, value: Self.scaled(event.value, axes[code]), &report)
            }
        }
        report.end()  // a batch without SYN_REPORT is one report
        return (report.calls, report.changed)
    }

    // MARK: SDL's game controller layer

    /// The input range of a binding's axis (its `min` and `max`; reversed when inverted), in −1 … 1.
    private static func inputRange(_ half: PadMapping.Half, inverted: Bool) -> (min: Float, max: Float) {
        let range: (min: Float, max: Float) =
            switch half {
            case .full: (-1, 1)
            case .positive: (0, 1)
            case .negative: (0, -1)
            }
        return inverted ? (range.max, range.min) : range
    }

    /// The output range of an axis output.
    private static func outputRange(_ axis: PadMapping.Axis, _ half: PadMapping.Half) -> (min: Float, max: Float) {
        if axis.isTrigger { return (0, 1) }
        return switch half {
        case .full: (-1, 1)
        case .positive: (0, 1)
        case .negative: (0, -1)
        }
    }

    private mutating func joystickAxis(_ index: Int, value: Float, _ report: inout Report) {
        var match: Int?
        for (position, binding) in bindings.enumerated() {
            guard case .axis(index, let half, let inverted) = binding.input else { continue }
            let range = Self.inputRange(half, inverted: inverted)
            if value >= Swift.min(range.min, range.max), value <= Swift.max(range.min, range.max) {
                match = position
                break
            }
        }
        if let last = lastAxisMatch[index], match.map({ !Self.sameOutput(bindings[last].output, bindings[$0].output) }) ?? true {
            reset(bindings[last].output, &report)
        }
        lastAxisMatch[index] = match
        guard let match, case .axis(_, let half, let inverted) = bindings[match].input else { return }
        let input = Self.inputRange(half, inverted: inverted)
        switch bindings[match].output {
        case .axis(let axis, let outputHalf):
            let output = Self.outputRange(axis, outputHalf)
            var result = value
            if input != output {
                let normalized = (value - input.min) / (input.max - input.min)
                result = output.min + normalized * (output.max - output.min)
            }
            setAxis(axis, result, &report)
        case .button(let button):
            let threshold = input.min + (input.max - input.min) / 2
            setButton(button, pressed: input.max < input.min ? value <= threshold : value >= threshold, &report)
        }
    }

    private mutating func joystickButton(_ index: Int, pressed: Bool, _ report: inout Report) {
        guard let binding = bindings.first(where: { $0.input == .button(index: index) }) else { return }
        switch binding.output {
        case .button(let button): setButton(button, pressed: pressed, &report)
        case .axis(let axis, let half):
            let range = Self.outputRange(axis, half)
            setAxis(axis, pressed ? range.max : range.min, &report)
        }
    }

    private mutating func joystickHat(_ index: Int, mask: Int, _ report: inout Report) {
        let changed = hatMasks[index] ^ mask
        hatMasks[index] = mask
        guard changed != 0 else { return }
        for binding in bindings {
            guard case .hat(index, let bindingMask) = binding.input, changed & bindingMask != 0 else { continue }
            if mask & bindingMask != 0 {
                switch binding.output {
                case .button(let button): setButton(button, pressed: true, &report)
                case .axis(let axis, let half): setAxis(axis, Self.outputRange(axis, half).max, &report)
                }
            } else {
                reset(binding.output, &report)
            }
        }
    }

    private static func sameOutput(_ a: PadMapping.Output, _ b: PadMapping.Output) -> Bool {
        switch (a, b) {
        case (.axis(let x, _), .axis(let y, _)): x == y
        case (.button(let x), .button(let y)): x == y
        default: false
        }
    }

    private mutating func reset(_ output: PadMapping.Output, _ report: inout Report) {
        switch output {
        case .axis(let axis, _): setAxis(axis, 0, &report)
        case .button(let button): setButton(button, pressed: false, &report)
        }
    }

    // MARK: Apple's elements

    private mutating func setAxis(_ axis: PadMapping.Axis, _ value: Float, _ report: inout Report) {
        let value = Swift.min(Swift.max(value, axis.isTrigger ? 0 : -1), 1)
        switch axis {
        case .leftx: report.move(elements.leftThumbstick, x: value)
        case .lefty: report.move(elements.leftThumbstick, y: -value)
        case .rightx: report.move(elements.rightThumbstick, x: value)
        case .righty: report.move(elements.rightThumbstick, y: -value)
        case .lefttrigger: report.note(elements.leftTrigger, elements.leftTrigger.update(value))
        case .righttrigger: report.note(elements.rightTrigger, elements.rightTrigger.update(value))
        }
    }

    private mutating func setButton(_ button: PadMapping.Button, pressed: Bool, _ report: inout Report) {
        buttonStates[Self.index(of: button)] = pressed
        switch button {
        case .dpup, .dpdown, .dpleft, .dpright:
            func held(_ button: PadMapping.Button) -> Float { buttonStates[Self.index(of: button)] ? 1 : 0 }
            report.move(elements.dpad, x: held(.dpright) - held(.dpleft), y: held(.dpup) - held(.dpdown))
        default:
            guard let element = element(for: button) else { return }
            report.note(element, element.update(pressed ? 1 : 0))
        }
    }

    /// Apple's element for an SDL button (`nil`: the profile has none).
    private func element(for button: PadMapping.Button) -> GCControllerButtonInput? {
        switch button {
        case .a: elements.buttonA
        case .b: elements.buttonB
        case .x: elements.buttonX
        case .y: elements.buttonY
        case .back: elements.buttonOptions
        case .guide: elements.buttonHome
        case .start: elements.buttonMenu
        case .leftstick: elements.leftThumbstickButton
        case .rightstick: elements.rightThumbstickButton
        case .leftshoulder: elements.leftShoulder
        case .rightshoulder: elements.rightShoulder
        case .misc1: elements.buttonShare
        // SDL's paddle1 … paddle4 are the Elite's P1, P3, P2, P4; the profile's paddles are P1 … P4.
        case .paddle1: elements.paddles.count == 4 ? elements.paddles[0] : nil
        case .paddle2: elements.paddles.count == 4 ? elements.paddles[2] : nil
        case .paddle3: elements.paddles.count == 4 ? elements.paddles[1] : nil
        case .paddle4: elements.paddles.count == 4 ? elements.paddles[3] : nil
        case .touchpad: elements.touchpad?.button
        case .dpup, .dpdown, .dpleft, .dpright: nil
        }
    }

    private static func index(of button: PadMapping.Button) -> Int { PadMapping.Button.allCases.firstIndex(of: button) ?? 0 }

    // MARK: The joystick layer

    /// An axis's value scaled linearly from its range to −1 … 1, as SDL2's Linux driver does without its dead-zone
    /// hint (unknown range: −32768 … 32767).
    static func scaled(_ value: Int32, _ range: PadAxisRange?) -> Float {
        let range = range ?? PadAxisRange(minimum: -32_768, maximum: 32_767)
        guard range.maximum > range.minimum else { return 0 }
        let travel = (Double(value) - Double(range.minimum)) / (Double(range.maximum) - Double(range.minimum))
        return Float(Swift.min(Swift.max(travel * 2 - 1, -1), 1))
    }

    /// A hat's directions from its two axes (1 up, 2 right, 4 down, 8 left), with SDL2's threshold: a third of the way
    /// to the end of the axis's range.
    private static func hatMask(_ values: (x: Int32, y: Int32), _ axes: [UInt16: PadAxisRange], pair: Int) -> Int {
        func step(_ value: Int32, _ range: PadAxisRange?) -> Int {
            let minimum = Int(range?.minimum ?? -1)
            let maximum = Int(range?.maximum ?? 1)
            let value = Int(value)
            if value < 0 { return value <= minimum || value < minimum / 3 ? -1 : 0 }
            if value > 0 { return value >= maximum || value > maximum / 3 ? 1 : 0 }
            return 0
        }
        let x = step(values.x, axes[JoystickNumbering.firstHatAxis + UInt16(pair * 2)])
        let y = step(values.y, axes[JoystickNumbering.firstHatAxis + UInt16(pair * 2 + 1)])
        return (y < 0 ? 1 : 0) | (x > 0 ? 2 : 0) | (y > 0 ? 4 : 0) | (x < 0 ? 8 : 0)
    }
}
