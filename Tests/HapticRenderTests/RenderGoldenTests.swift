import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// Golden checks on the pattern files (own fixtures, plus Apple's sample files when present), with tolerances.
@Suite struct RenderGoldenTests {
    let rate = 8_000.0

    @Test func everyHapticEventStartsOnItsExactSample() throws {
        var checked = 0
        for url in Fixtures.patternFiles() {
            let (pattern, _) = try loadPatternProgram(url)
            for event in pattern.events where event.type.isHaptic && event.value(of: .hapticIntensity) > 0 {
                let program = try PatternProgram(pattern: Pattern(events: [event]))
                let result = OfflineRenderer.render(
                    program: program, seconds: event.time + 0.05, configuration: testConfiguration(rate: rate, block: 97))
                let expected = Int((event.time * rate).rounded())
                #expect(firstNonZero(result.amplitude) == expected, "\(url.lastPathComponent) event at \(event.time)")
                checked += 1
            }
        }
        #expect(checked > (Fixtures.hasCorpus ? 50 : 15))
    }

    @Test func transientsLastTenToTwentyMilliseconds() throws {
        for sharpness: Float in [0, 0.25, 0.5, 0.75, 1] {
            let event = Event(type: .hapticTransient, time: 0.01, parameters: [EventParameter(.hapticSharpness, sharpness)])
            let result = OfflineRenderer.render(
                program: try PatternProgram(pattern: Pattern(events: [event])), seconds: 0.1,
                configuration: testConfiguration(rate: 48_000))
            let first = try #require(firstNonZero(result.amplitude))
            let last = try #require(lastNonZero(result.amplitude))
            let milliseconds = Double(last - first + 1) / 48
            #expect(milliseconds >= 10 && milliseconds <= 20, "sharpness \(sharpness): \(milliseconds) ms")
            // Sharper is shorter and its drive frequency is higher.
            let peak = result.amplitude.max() ?? 0
            #expect(abs(peak - 0.75) < 0.02, "default intensity 0.75")
            #expect(abs(result.sharpness[first + 10] - sharpness) < 1e-5)
        }
    }

    @Test func silenceWherePatternIsSilent() throws {
        for url in Fixtures.patternFiles() {
            let (pattern, program) = try loadPatternProgram(url)
            let tail = 0.25
            let result = OfflineRenderer.render(
                program: program, seconds: program.soundingDuration + tail, configuration: testConfiguration(rate: rate))
            let firstEvent = pattern.events.map(\.time).min() ?? 0
            let beforeFrames = Int((firstEvent * rate).rounded())
            #expect(result.amplitude.prefix(beforeFrames).allSatisfy { $0 == 0 }, "\(url.lastPathComponent) before first event")
            #expect(result.audioLeft.prefix(beforeFrames).allSatisfy { $0 == 0 })
            // After the pattern (plus the 20 ms a final transient may last), everything is silent.
            let endFrame = Int(((program.soundingDuration + 0.021) * rate).rounded(.up))
            #expect(result.amplitude[endFrame...].allSatisfy { $0 == 0 }, "\(url.lastPathComponent) after end")
            #expect(result.audioLeft[endFrame...].allSatisfy { $0 == 0 } && result.audioRight[endFrame...].allSatisfy { $0 == 0 })
            // And the player reported that it finished, once.
            #expect(result.finished.count == 1, "\(url.lastPathComponent)")
            // Something was rendered at all.
            #expect(result.amplitude.contains { $0 > 0 } || result.audioLeft.contains { $0 != 0 }, "\(url.lastPathComponent)")
        }
    }

    @Test func gapsBetweenCorpusEventsAreSilent() throws {
        // Heartbeats: the haptic bus is zero between beats.
        let url = Fixtures.ownPattern("Pulse.ahap")
        let (pattern, program) = try loadPatternProgram(url)
        let result = OfflineRenderer.render(program: program, seconds: pattern.duration, configuration: testConfiguration(rate: rate))
        // Mark frames covered by any haptic event's full extent (transients: 20 ms).
        var covered = [Bool](repeating: false, count: result.frameCount)
        for event in pattern.events where event.type.isHaptic {
            let start = Int((event.time * rate).rounded())
            let length = event.type == .hapticTransient ? 0.021 : event.fullDuration + 0.001
            let end = Swift.min(result.frameCount, Int(((event.time + length) * rate).rounded(.up)))
            if start < end { for i in start..<end { covered[i] = true } }
        }
        var uncovered = 0
        for i in 0..<result.frameCount where !covered[i] {
            uncovered += 1
            #expect(result.amplitude[i] == 0, "frame \(i)")
            if result.amplitude[i] != 0 { break }
        }
        #expect(uncovered > 0)
    }

    @Test func curvesReachTheirControlValuesAtTheirTimes() throws {
        var checked = 0
        for url in Fixtures.patternFiles() {
            let (pattern, _) = try loadPatternProgram(url)
            for curve in pattern.curves where curve.id == .hapticIntensityControl {
                // Play the curve over one steady, full-intensity continuous event so amplitude == control value.
                let end = curve.endTime + 0.1
                let carrier = Event(
                    type: .hapticContinuous, time: 0, duration: end,
                    parameters: [EventParameter(.hapticIntensity, 1), EventParameter(.attackTime, 0)])
                let program = try PatternProgram(pattern: Pattern(events: [carrier], curves: [curve]))
                let result = OfflineRenderer.render(program: program, seconds: end, configuration: testConfiguration(rate: rate))
                // Points closer than one frame to a neighbour (Recharge steps 10 µs apart) cannot be told apart at this rate.
                let isolated = curve.controlPoints.filter { point in
                    !curve.controlPoints.contains { $0 != point && abs($0.time - point.time) < 1 / rate }
                }
                for point in isolated where curve.time + point.time > 0.03 {
                    let frame = Int(((curve.time + point.time) * rate).rounded())
                    let expected = min(max(point.value, 0), 1)
                    #expect(
                        abs(result.amplitude[frame] - expected) < 0.01,
                        "\(url.lastPathComponent) curve at \(curve.time) point at \(point.time) expected \(expected) got \(result.amplitude[frame])"
                    )
                    checked += 1
                }
            }
        }
        #expect(checked > 10)
    }
}
