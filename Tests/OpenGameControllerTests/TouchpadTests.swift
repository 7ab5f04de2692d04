import Dispatch
import Foundation
import HapticDevices
import Testing

@testable import OpenGameController

extension GameControllerSuites {
    /// Apple's `GCControllerTouchpad` on a DualSense's and a DualShock 4's touchpad (issue 35, item 1): the touch state
    /// and the touch handlers follow the fingers of the touchpad's own evdev node, and snapshots carry them.
    @Suite struct TouchpadTests {
        typealias Calls = GamepadInputTests.Calls

        private static func pad(_ category: ControllerCategory) -> ControllerInfo {
            ControllerInfo(
                id: "scripted:touch-\(category.rawValue)", name: "Scripted \(category.rawValue)", category: category,
                actuators: .twoHandles, hapticDeviceID: "scripted:touch-\(category.rawValue)")
        }

        /// A touchpad node of 0 … 1920 by 0 … 1080 (its middle, 960, 540, reads exactly 0, 0), two slots.
        static let axes: [UInt16: PadAxisRange] = [
            0x2F: PadAxisRange(minimum: 0, maximum: 1), 0x35: PadAxisRange(minimum: 0, maximum: 1_920),
            0x36: PadAxisRange(minimum: 0, maximum: 1_080), 0x39: PadAxisRange(minimum: 0, maximum: 65_535),
        ]

        /// ABS_MT_SLOT, ABS_MT_TRACKING_ID, ABS_MT_POSITION_X and _Y; BTN_LEFT.
        enum Code {
            static let slot: UInt16 = 0x2F, trackingID: UInt16 = 0x39, x: UInt16 = 0x35, y: UInt16 = 0x36, click: UInt16 = 0x110
        }

        /// Events putting the finger of `slot` at raw `x`, `y` (landing it with tracking ID `id`, when given).
        private static func finger(_ slot: Int32, id: Int32? = nil, x: Int32, y: Int32) -> [PadInputEvent] {
            [.axis(Code.slot, value: slot)] + (id.map { [.axis(Code.trackingID, value: $0)] } ?? [])
                + [.axis(Code.x, value: x), .axis(Code.y, value: y), .report]
        }

        private static func lift(_ slot: Int32) -> [PadInputEvent] {
            [.axis(Code.slot, value: slot), .axis(Code.trackingID, value: -1), .report]
        }

        /// Records every touch handler of `touchpad` as "<name> <event> x y buttonValue pressed", checking it runs on
        /// the handler queue.
        private static func record(_ touchpad: GCControllerTouchpad, as name: String, in calls: Calls) {
            // The touchpad is held weakly, as a game's handler must hold its own element: a handler that holds the
            // touchpad it is stored in is a cycle, and both leak (LeakSanitizer found it in the address run).
            func handler(_ event: String) -> GCControllerTouchpadHandler {
                { [weak touchpad] pad, x, y, value, pressed in
                    #expect(pad === touchpad)
                    calls.add("\(name) \(event) \(x) \(y) \(value) \(pressed)")
                }
            }
            touchpad.touchDown = handler("down")
            touchpad.touchMoved = handler("moved")
            touchpad.touchUp = handler("up")
        }

        @Test func aDualSensesTouchpadsAreItsTwoTouchPointsByApplesNames() throws {
            let (_, registry, controller) = try ScriptedControllerSource.connect(Self.pad(.dualSense))
            defer { registry.shutdown() }
            let dualSense = try #require(controller.extendedGamepad as? GCDualSenseGamepad)
            let profile = controller.physicalInputProfile
            let one = try #require(profile.touchpads[GCInputDualShockTouchpadOne])
            let two = try #require(profile.touchpads[GCInputDualShockTouchpadTwo])
            #expect(profile.touchpads.count == 2 && profile.allTouchpads == [one, two])
            #expect(one.touchSurface === dualSense.touchpadPrimary && two.touchSurface === dualSense.touchpadSecondary)
            #expect(one.button === dualSense.touchpadButton && two.button === dualSense.touchpadButton)
            // Apple's layout stays: the touch points are direction pads by those names, the click a button.
            #expect(profile.dpads[GCInputDualShockTouchpadOne] === dualSense.touchpadPrimary)
            #expect(profile.elements[GCInputDualShockTouchpadOne] === dualSense.touchpadPrimary)
            #expect(profile.buttons[GCInputDualShockTouchpadButton] === dualSense.touchpadButton)
            #expect(one.aliases == [GCInputDualShockTouchpadOne] && one.localizedName == "Touchpad 1")
            #expect(one.touchState == .up && one.reportsAbsoluteTouchSurfaceValues, "Apple's defaults")
            #expect(
                GCControllerTouchpad.TouchState.up.rawValue == 0 && GCControllerTouchpad.TouchState.down.rawValue == 1
                    && GCControllerTouchpad.TouchState.moving.rawValue == 2, "GCTouchState's raw values")

            let (_, otherRegistry, dualShock) = try ScriptedControllerSource.connect(Self.pad(.dualShock4))
            defer { otherRegistry.shutdown() }
            #expect(dualShock.physicalInputProfile.touchpads.count == 2)
            let (_, xboxRegistry, xbox) = try ScriptedControllerSource.connect(Self.pad(.xboxOne))
            defer { xboxRegistry.shutdown() }
            #expect(xbox.physicalInputProfile.touchpads.isEmpty && xbox.physicalInputProfile.allTouchpads.isEmpty)
        }

        @Test func touchStateAndHandlersFollowTheFingersOnTheHandlerQueue() throws {
            let info = Self.pad(.dualSense)
            let (scripted, registry, controller) = try ScriptedControllerSource.connect(info)
            defer { registry.shutdown() }
            let profile = controller.physicalInputProfile
            let one = try #require(profile.touchpads[GCInputDualShockTouchpadOne])
            let two = try #require(profile.touchpads[GCInputDualShockTouchpadTwo])
            let calls = Calls()
            controller.handlerQueue = calls.queue
            Self.record(one, as: "one", in: calls)
            Self.record(two, as: "two", in: calls)
            one.touchSurface.valueChangedHandler = { _, x, y in calls.add("surface \(x) \(y)") }
            func send(_ events: [PadInputEvent]) { scripted.send(info.id, events, isUse: true, axes: Self.axes, node: .touchpad) }

            // A finger lands at the top right: down, after the surface's own handler.
            send(Self.finger(0, id: 5, x: 1_920, y: 0))
            #expect(one.touchState == .down && two.touchState == .up)
            #expect(one.touchSurface.xAxis.value == 1 && one.touchSurface.yAxis.value == 1)
            // The click is the button's, not a touch event; the finger then moves to the top left, the click held.
            send([.button(Code.click, pressed: true), .report])
            send(Self.finger(0, x: 0, y: 0))
            #expect(one.touchState == .moving)
            // A second finger lands at the bottom left: the second touchpad's down; the first finger did not move.
            send(Self.finger(1, id: 6, x: 0, y: 1_080))
            #expect(two.touchState == .down && one.touchState == .moving)
            // The first finger lifts: up, with the last place it had; its surface reads 0, 0 again.
            send(Self.lift(0))
            #expect(one.touchState == .up && one.touchSurface.xAxis.value == 0 && one.touchSurface.yAxis.value == 0)
            #expect(two.touchState == .down && two.touchSurface.xAxis.value == -1, "the second finger stays")
            // A report of nothing new calls nothing.
            send([.axis(Code.slot, value: 0), .report])
            #expect(
                calls.wait(for: 7) == [
                    "surface 1.0 1.0", "one down 1.0 1.0 0.0 false", "surface -1.0 1.0", "one moved -1.0 1.0 1.0 true",
                    "two down -1.0 -1.0 1.0 true", "surface 0.0 0.0", "one up -1.0 1.0 1.0 true",
                ])
            calls.queue.sync {}
            #expect(calls.wait(for: 7).count == 7)
        }

        @Test func aFingerLandingInTheMiddleIsATouchThoughTheSurfaceReadsTheSame() throws {
            let info = Self.pad(.dualShock4)
            let (scripted, registry, controller) = try ScriptedControllerSource.connect(info)
            defer { registry.shutdown() }
            let one = try #require(controller.physicalInputProfile.touchpads[GCInputDualShockTouchpadOne])
            let calls = Calls()
            controller.handlerQueue = calls.queue
            Self.record(one, as: "one", in: calls)
            controller.physicalInputProfile.valueDidChangeHandler = { _, element in
                calls.add("profile \(element === one.touchSurface)")
            }
            func send(_ events: [PadInputEvent]) { scripted.send(info.id, events, isUse: true, axes: Self.axes, node: .touchpad) }
            send(Self.finger(0, id: 1, x: 960, y: 540))
            #expect(one.touchState == .down && one.touchSurface.xAxis.value == 0 && one.touchSurface.yAxis.value == 0)
            send(Self.lift(0))
            #expect(one.touchState == .up)
            #expect(calls.wait(for: 4) == ["one down 0.0 0.0 0.0 false", "profile true", "one up 0.0 0.0 0.0 false", "profile true"])
        }

        @Test func relativeValuesAreTheOffsetFromWhereTheFingerLanded() throws {
            let info = Self.pad(.dualSense)
            let (scripted, registry, controller) = try ScriptedControllerSource.connect(info)
            defer { registry.shutdown() }
            let one = try #require(controller.physicalInputProfile.touchpads[GCInputDualShockTouchpadOne])
            one.reportsAbsoluteTouchSurfaceValues = false
            func send(_ events: [PadInputEvent]) { scripted.send(info.id, events, isUse: true, axes: Self.axes, node: .touchpad) }
            // Lands left of the middle (x −0.5): a virtual stick centred there reads 0, 0.
            send(Self.finger(0, id: 1, x: 480, y: 540))
            #expect(one.touchState == .down && one.touchSurface.xAxis.value == 0 && one.touchSurface.yAxis.value == 0)
            // A quarter of the width right: 0.5; then to the right edge (1.5 away): kept within a length of 1.
            send(Self.finger(0, x: 960, y: 540))
            #expect(one.touchSurface.xAxis.value == 0.5 && one.touchSurface.yAxis.value == 0)
            send(Self.finger(0, x: 1_920, y: 540))
            #expect(one.touchSurface.xAxis.value == 1 && one.touchState == .moving)
            send(Self.lift(0))
            #expect(one.touchSurface.xAxis.value == 0 && one.touchState == .up)
        }

        @Test func aSnapshotCarriesTheTouchAndTakesTheGamesOwn() throws {
            let info = Self.pad(.dualSense)
            let (scripted, registry, controller) = try ScriptedControllerSource.connect(info)
            defer { registry.shutdown() }
            scripted.send(
                info.id, Self.finger(1, id: 3, x: 1_920, y: 1_080) + Self.finger(1, x: 1_440, y: 1_080), isUse: true, axes: Self.axes,
                node: .touchpad)
            let snapshot = controller.capture()
            let pad = try #require(controller.physicalInputProfile.touchpads[GCInputDualShockTouchpadTwo])
            let copy = try #require(snapshot.physicalInputProfile.touchpads[GCInputDualShockTouchpadTwo])
            #expect(copy !== pad && copy.touchSurface === (snapshot.extendedGamepad as? GCDualSenseGamepad)?.touchpadSecondary)
            #expect(copy.touchState == .moving && copy.touchSurface.xAxis.value == 0.5 && copy.touchSurface.yAxis.value == -1)
            // The pad's finger lifts; the snapshot keeps its moment.
            scripted.send(info.id, Self.lift(1), isUse: true, axes: Self.axes, node: .touchpad)
            #expect(pad.touchState == .up && copy.touchState == .moving)

            // The game sets a snapshot's touch itself, without handlers.
            let calls = Calls()
            snapshot.handlerQueue = calls.queue
            Self.record(copy, as: "copy", in: calls)
            copy.setValueForXAxis(-0.25, yAxis: 0.75, touchDown: true, buttonValue: 1)
            #expect(copy.touchState == .moving && copy.touchSurface.xAxis.value == -0.25 && copy.touchSurface.yAxis.value == 0.75)
            #expect(copy.button.isPressed)
            copy.setValueForXAxis(0.5, yAxis: 0.5, touchDown: false, buttonValue: 0)
            #expect(copy.touchState == .up && copy.touchSurface.xAxis.value == 0 && !copy.button.isPressed)
            copy.setValueForXAxis(0.5, yAxis: 0.5, touchDown: true, buttonValue: 0)
            #expect(copy.touchState == .down && copy.touchSurface.xAxis.value == 0.5)
            calls.queue.sync {}
            #expect(calls.wait(for: 0).isEmpty, "setting values calls no handler")
        }
    }
}
