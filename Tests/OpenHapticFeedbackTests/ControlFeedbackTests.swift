import HapticPattern
import OpenHapticFeedback
import Testing

/// SwiftUI 26's control feedback — `press(_:)`, `release(_:)`, `selection(_:)` — rendered through the real mixer:
/// each control's pattern has the property that tells it apart.
@Suite struct ControlFeedbackTests {
    /// Renders one feedback; its pulses.
    func pulses(_ feedback: SensoryFeedback) -> [OfflineFeedbackOutput.Pulse] {
        let rig = RenderingRig()
        rig.center.play(feedback)
        #expect(rig.output.renderings.count == 1)
        return rig.lastPulses
    }

    /// The sharpness of a library pattern's first event.
    func sharpness(_ feedback: SensoryFeedback) -> Float {
        feedback.effect.pattern.events[0].value(of: .hapticSharpness)
    }

    @Test func valuesSpellAsInSwiftUIAndPlayTheirOwnPatterns() {
        let values: [(SensoryFeedback, String)] = [
            (.press(.button), "press-button"), (.press(.buttonIconOnly), "press-button-icon-only"),
            (.press(.slider), "press-slider"), (.press(.tab), "press-tab"), (.press(.toggle), "press-toggle"),
            (.release(.slider), "release-slider"), (.selection(.on), "selection-on"), (.selection(.off), "selection-off"),
            (.selection(.maximum), "selection-maximum"), (.selection(.minimum), "selection-minimum"),
        ]
        for (feedback, name) in values {
            let rig = RenderingRig()
            rig.center.play(feedback)
            #expect(rig.lastName == name)
            #expect(feedback.description == name)
        }
        #expect(Set(values.map(\.0)).count == values.count)
        // The plain `selection` value is still the picker's detent tick, not one of the 26 values.
        #expect(SensoryFeedback.selection.effect.name == "selection")
        #expect(!values.map(\.0).contains(.selection))
    }

    /// A toggle's press is the switch throwing over: two taps, the second firmer; every other press is one tap.
    @Test func togglePressIsTwoTapsWhereOtherPressesAreOne() {
        let toggle = pulses(.press(.toggle))
        #expect(toggle.count == 2)
        #expect(toggle[1].peak > toggle[0].peak + 0.2)
        #expect(toggle[1].startTime - toggle[0].endTime >= 0.025, "felt as two taps")
        for press in [SensoryFeedback.press(.button), .press(.buttonIconOnly), .press(.slider), .press(.tab)] {
            #expect(pulses(press).count == 1, "\(press)")
        }
    }

    /// A slider's press grips a thumb: duller than a button's press (a longer rendered pulse); the icon-only button
    /// and the tab are lighter than a button.
    @Test func pressesDifferByControl() {
        let button = pulses(.press(.button))[0]
        let slider = pulses(.press(.slider))[0]
        #expect(sharpness(.press(.slider)) < 0.3)
        #expect(sharpness(.press(.button)) > sharpness(.press(.slider)) + 0.3)
        #expect(slider.duration > button.duration, "dull pulses render longer")
        #expect(pulses(.press(.buttonIconOnly))[0].peak < button.peak - 0.1)
        #expect(pulses(.press(.tab))[0].peak < button.peak - 0.1)
    }

    /// Letting go of a slider is weaker than gripping it.
    @Test func sliderReleaseIsWeakerThanItsPress() {
        let press = pulses(.press(.slider))
        let release = pulses(.release(.slider))
        #expect(release.count == 1)
        #expect(release[0].peak < press[0].peak - 0.15)
    }

    /// On and off differ in strength and brightness, so the new state is felt.
    @Test func onIsStrongerAndBrighterThanOff() {
        let on = pulses(.selection(.on))
        let off = pulses(.selection(.off))
        #expect(on.count == 1 && off.count == 1)
        #expect(on[0].peak > off[0].peak + 0.15)
        #expect(sharpness(.selection(.on)) > sharpness(.selection(.off)) + 0.4)
    }

    /// Reaching the maximum or minimum feels like hitting a stop: a full-strength knock, far stronger than the
    /// detent tick of the steps before it, that ends weaker than it starts; the two ends differ in brightness.
    @Test func maximumAndMinimumFeelLikeReachingAStop() {
        let tick = pulses(.selection)[0]
        for end in [SensoryFeedback.selection(.maximum), .selection(.minimum)] {
            let knock = pulses(end)
            #expect(knock.count == 2, "\(end)")
            #expect(knock[0].peak > 0.95, "\(end)")
            #expect(knock[0].peak >= 2 * tick.peak, "\(end)")
            #expect(knock[1].peak < knock[0].peak / 2, "\(end): a rebound, not another step")
        }
        #expect(sharpness(.selection(.maximum)) > sharpness(.selection(.minimum)) + 0.3)
    }
}
