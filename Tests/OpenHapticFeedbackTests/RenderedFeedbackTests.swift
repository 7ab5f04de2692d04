import OpenHapticFeedback
import Testing

/// Each generator and SensoryFeedback value, rendered through the real mixer: pulse counts, spacing, strength.
@Suite struct RenderedFeedbackTests {
    /// Renders what `body` plays and returns (name, pulses) of the one rendering it produced.
    func render(_ body: () -> Void) -> (name: String?, pulses: [OfflineFeedbackOutput.Pulse]) {
        let rig = RenderingRig()
        rig.run(body)
        #expect(rig.output.renderings.count == 1)
        return (rig.lastName, rig.lastPulses)
    }

    @Test func impactStylesPlayOneTapEachAndHeavyIsStrongest() {
        var peaks: [UIImpactFeedbackGenerator.FeedbackStyle: Float] = [:]
        for style in UIImpactFeedbackGenerator.FeedbackStyle.allCases {
            let (name, pulses) = render { UIImpactFeedbackGenerator(style: style).impactOccurred() }
            #expect(pulses.count == 1, "\(style)")
            #expect(pulses[0].duration >= 0.008 && pulses[0].duration <= 0.022, "a tap is 10–20 ms: \(pulses[0])")
            #expect(name == "impact-" + "\(style)")
            peaks[style] = pulses[0].peak
        }
        #expect(peaks[.heavy]! > peaks[.medium]!)
        #expect(peaks[.medium]! > peaks[.light]!)
        #expect(abs(peaks[.heavy]! - 1.0) < 0.02)
        #expect(abs(peaks[.light]! - 0.5) < 0.02)
    }

    @Test func rigidIsCrispAndSoftIsDull() {
        let rig = RenderingRig()
        rig.run {
            UIImpactFeedbackGenerator(style: .rigid).impactOccurred()
            UIImpactFeedbackGenerator(style: .soft).impactOccurred()
        }
        let rigid = rig.output.renderings[0]
        let soft = rig.output.renderings[1]
        let rigidSharpness = rigid.sharpness[rigid.amplitude.firstIndex { $0 > 0.1 }!]
        let softSharpness = soft.sharpness[soft.amplitude.firstIndex { $0 > 0.1 }!]
        #expect(rigidSharpness > 0.9)
        #expect(softSharpness < 0.1)
        // A crisp tap is shorter: the renderer makes a sharpness-1 transient 10 ms and a sharpness-0 one 20 ms.
        #expect(rigid.pulses()[0].duration < soft.pulses()[0].duration)
    }

    @Test func impactIntensityMultipliesTheStyle() {
        let full = render { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }.pulses[0].peak
        let half = render { UIImpactFeedbackGenerator(style: .heavy).impactOccurred(intensity: 0.5) }.pulses[0].peak
        let over = render { UIImpactFeedbackGenerator(style: .light).impactOccurred(intensity: 3) }.pulses[0].peak
        #expect(abs(half - full * 0.5) < 0.02)
        #expect(abs(over - 0.5) < 0.02, "clamped to 1 × the light style's 0.5")
        let rig = RenderingRig()
        rig.run { UIImpactFeedbackGenerator(style: .heavy).impactOccurred(intensity: 0) }
        #expect(rig.output.renderings.isEmpty, "intensity 0 plays nothing")
    }

    @Test func selectionIsOneLightCrispTick() {
        let (name, pulses) = render { UISelectionFeedbackGenerator().selectionChanged() }
        #expect(name == "selection")
        #expect(pulses.count == 1)
        #expect(pulses[0].peak < 0.5)
        #expect(pulses[0].duration < 0.015, "sharp ticks are short")
    }

    @Test func notificationsHaveTheirPulseCounts() {
        let success = render { UINotificationFeedbackGenerator().notificationOccurred(.success) }.pulses
        let warning = render { UINotificationFeedbackGenerator().notificationOccurred(.warning) }.pulses
        let error = render { UINotificationFeedbackGenerator().notificationOccurred(.error) }.pulses
        #expect(success.count == 2)
        #expect(warning.count == 2)
        #expect(error.count == 3)
        #expect(error.count > success.count)
        // success: strong then weaker, 85 ms apart.
        #expect(success[0].peak > success[1].peak + 0.2)
        #expect(abs(success[1].startTime - success[0].startTime - 0.085) < 0.003)
        // warning: two equal firm taps, further apart than success.
        #expect(abs(warning[0].peak - warning[1].peak) < 0.02)
        #expect(warning[0].peak > 0.8)
        #expect(warning[1].startTime - warning[0].startTime > success[1].startTime - success[0].startTime)
        // error: buzzes (longer than the ~30 ms pulse/vibration boundary), 70 ms onset to onset.
        for buzz in error { #expect(buzz.duration >= 0.03, "\(buzz)") }
        for (a, b) in zip(error, error.dropFirst()) {
            #expect(abs(b.startTime - a.startTime - 0.07) < 0.003)
            #expect(b.startTime - a.endTime >= 0.025, "gaps above the ~25 ms fusion threshold")
        }
    }

    /// Every library pattern: separate pulses are at least 25 ms apart once rendered.
    @Test func noRenderedGapIsBelowTheFusionThreshold() {
        let rig = RenderingRig()
        for name in FeedbackLibrary.names { rig.center.play(named: name) }
        #expect(rig.output.renderings.count == FeedbackLibrary.names.count)
        for rendering in rig.output.renderings {
            let pulses = rendering.pulses()
            #expect(!pulses.isEmpty, "\(rendering.effectName)")
            for (a, b) in zip(pulses, pulses.dropFirst()) {
                #expect(b.startTime - a.endTime >= 0.025, "\(rendering.effectName): \(a) → \(b)")
            }
        }
    }

    @Test(arguments: [
        (SensoryFeedback.success, "success", 2), (.warning, "warning", 2), (.error, "error", 3),
        (.selection, "selection", 1), (.increase, "increase", 3), (.decrease, "decrease", 3),
        (.start, "start", 2), (.stop, "stop", 2), (.alignment, "alignment", 1),
        (.levelChange, "level-change", 1), (.pathComplete, "path-complete", 2), (.impact, "impact-medium", 1),
        (.impact(weight: .light), "impact-light", 1), (.impact(weight: .medium), "impact-medium", 1),
        (.impact(weight: .heavy), "impact-heavy", 1), (.impact(flexibility: .rigid), "impact-rigid", 1),
        (.impact(flexibility: .solid), "impact-solid", 1), (.impact(flexibility: .soft), "impact-soft", 1),
        (.press(.button), "press-button", 1), (.press(.buttonIconOnly), "press-button-icon-only", 1),
        (.press(.slider), "press-slider", 1), (.press(.tab), "press-tab", 1), (.press(.toggle), "press-toggle", 2),
        (.release(.slider), "release-slider", 1), (.selection(.on), "selection-on", 1),
        (.selection(.off), "selection-off", 1), (.selection(.maximum), "selection-maximum", 2),
        (.selection(.minimum), "selection-minimum", 2),
    ])
    func sensoryFeedbackPlaysItsPattern(feedback: SensoryFeedback, name: String, pulseCount: Int) {
        let rig = RenderingRig()
        rig.center.play(feedback)
        #expect(rig.lastName == name)
        #expect(rig.lastPulses.count == pulseCount, "\(name): \(rig.lastPulses)")
    }

    @Test func increaseRisesAndDecreaseFalls() {
        let rig = RenderingRig()
        rig.center.play(.increase)
        rig.center.play(.decrease)
        let up = rig.output.renderings[0].pulses().map(\.peak)
        let down = rig.output.renderings[1].pulses().map(\.peak)
        #expect(up == up.sorted() && up.first! < up.last!)
        #expect(down == down.sorted(by: >) && down.first! > down.last!)
    }

    @Test func sensoryImpactWeightsOrderAndIntensity() {
        let rig = RenderingRig()
        rig.center.play(.impact(weight: .light))
        rig.center.play(.impact(weight: .medium))
        rig.center.play(.impact(weight: .heavy))
        rig.center.play(.impact(weight: .heavy, intensity: 0.4))
        let peaks = rig.output.renderings.map(\.peakAmplitude)
        #expect(peaks[2] > peaks[1] && peaks[1] > peaks[0])
        #expect(abs(peaks[3] - 0.4) < 0.02)
    }

    @Test(arguments: WKHapticType.allCases)
    func watchTypesPlayTheirPatterns(type: WKHapticType) {
        let expected: [WKHapticType: (String, Int)] = [
            .notification: ("notification", 3), .directionUp: ("increase", 3), .directionDown: ("decrease", 3),
            .success: ("success", 2), .failure: ("error", 3), .retry: ("retry", 2), .start: ("start", 2),
            .stop: ("stop", 2), .click: ("click", 1), .navigationLeftTurn: ("navigation-left-turn", 4),
            .navigationRightTurn: ("navigation-right-turn", 4), .navigationGenericManeuver: ("navigation-generic-maneuver", 1),
            .underwaterDepthPrompt: ("underwater-depth-prompt", 2),
            .underwaterDepthCriticalPrompt: ("underwater-depth-critical-prompt", 4),
        ]
        let rig = RenderingRig()
        rig.run { WKInterfaceDevice.current().play(type) }
        #expect(rig.lastName == expected[type]!.0)
        #expect(rig.lastPulses.count == expected[type]!.1)
    }

    @Test(arguments: NSHapticFeedbackManager.FeedbackPattern.allCases)
    func macPatternsPlayAtEveryPerformanceTime(pattern: NSHapticFeedbackManager.FeedbackPattern) {
        let rig = RenderingRig()
        rig.run {
            for time in NSHapticFeedbackManager.PerformanceTime.allCases {
                NSHapticFeedbackManager.defaultPerformer.perform(pattern, performanceTime: time)
            }
        }
        let names = ["generic", "alignment", "level-change"]
        #expect(rig.output.renderings.map(\.effectName) == Array(repeating: names[pattern.rawValue], count: 3))
        #expect(rig.output.renderings.allSatisfy { $0.pulses().count == 1 })
    }
}
