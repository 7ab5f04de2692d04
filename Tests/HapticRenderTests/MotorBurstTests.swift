import HapticPattern
import HapticRender
import Testing

/// Transients on motors (issue 21): an overdrive kick up to the speed the tap's level asks for, the motor's minimum
/// on-time, peaks proportional to intensity, continuous signals untouched, and the same shaping for every output.
@Suite struct MotorBurstTests {
    /// Drives a burst (a transient of `level` at frame `onset`) at 1 kHz through a modelled motor of `profile` for
    /// `frames` and returns (peak vibration, the frames the burst raised the drive, the drive at the onset).
    static func play(
        level: Float, at onset: Int = 0, profile: ActuatorProfile = .twoMotorPad, input: (Int) -> Float = { _ in 0 },
        frames: Int = 400
    ) -> (peak: Float, burstFrames: Int, first: Float) {
        var burst = MotorBurst(profile: profile, sampleRate: 1_000)
        var speed = MotorSpeed(spinUpTime: profile.spinUpTime, spinDownTime: profile.spinDownTime, sampleRate: 1_000)
        var peak: Float = 0
        var raised = 0
        var first: Float = 0
        for i in 0..<frames {
            if i == onset { burst.trigger(level: level) }
            let drive = burst.step(input(i))
            if i == onset { first = drive }
            if drive > input(i) { raised += 1 }
            let v = speed.step(towards: drive)
            peak = max(peak, v * v)
        }
        return (peak, raised, first)
    }

    @Test func aFullTapKicksAtFullDriveAndReachesTwoThirdsOfFullVibration() {
        let tap = Self.play(level: 1)
        #expect(tap.first == 1, "the kick is at the overdrive level")
        #expect(abs(tap.peak - 0.658) < 0.01, "81 % of full speed after 100 ms: \(tap.peak)")
        #expect(tap.burstFrames <= 101, "the kick lasts at most the overdrive duration: \(tap.burstFrames) ms")
        // Without the burst (the transient's 20 ms at its own level) the motor barely moves.
        var speed = MotorSpeed(spinUpTime: 0.06, spinDownTime: 0.08, sampleRate: 1_000)
        for _ in 0..<20 { speed.step(towards: 1) }
        #expect(speed.value * speed.value < 0.1)
    }

    @Test func peaksAreProportionalToLevel() {
        let full = Self.play(level: 1).peak
        for level: Float in [0.25, 0.5, 0.7] {
            let peak = Self.play(level: level).peak
            #expect(abs(peak / full - level) < 0.02, "level \(level): \(peak) of \(full)")
        }
        // On the phone vibra too (slower motor, lower ceiling).
        let phone = Self.play(level: 1, profile: .phoneVibraERM).peak
        #expect(abs(phone - 0.334) < 0.01 && abs(Self.play(level: 0.5, profile: .phoneVibraERM).peak / phone - 0.5) < 0.02)
    }

    @Test func aSpinningMotorIsNotKickedAndContinuousLevelsPassThrough() {
        // A continuous rumble at 0.9 has spun the motor up: a tap at 0.5 adds nothing above it.
        let busy = Self.play(level: 0.5, at: 300, input: { _ in 0.9 }, frames: 500)
        #expect(busy.burstFrames == 0 && busy.first == 0.9, "\(busy)")
        // A motor still spinning from an earlier tap needs a shorter kick than one at rest.
        var burst = MotorBurst(profile: .twoMotorPad, sampleRate: 1_000)
        var kicks: [Int] = []
        for _ in 0..<2 {
            burst.trigger(level: 1)
            var kick = 0
            for _ in 0..<120 where burst.step(0) == 1 { kick += 1 }
            kicks.append(kick)
        }
        #expect(kicks[0] >= 99 && kicks[1] < kicks[0] / 2, "kick from rest, then from spinning: \(kicks) ms")
        // No transient: the output is the input, sample for sample.
        burst = MotorBurst(profile: .twoMotorPad, sampleRate: 1_000)
        for i in 0..<200 {
            let input = Float(i % 50) / 50
            #expect(burst.step(input) == input)
        }
        #expect(!burst.isActive)
    }

    @Test func withoutOverdriveATapIsHeldForTheMinimumOnTime() {
        var profile = ActuatorProfile.twoMotorPad
        profile.overdriveLevel = 0
        let tap = Self.play(level: 0.6, profile: profile)
        #expect(tap.first == 0.6 && tap.burstFrames == 30, "held at its level for 30 ms: \(tap)")
    }

    @Test func theFirstBlockPlaysWhatTheDeviceWasToldToPrepare() throws {
        for (intensity, sharpness) in [(Float(1), Float(0.57)), (0.5, 0.43), (0.3, 0), (1, 1)] {
            let transient = Event(
                type: .hapticTransient, time: 0,
                parameters: [EventParameter(.hapticIntensity, intensity), EventParameter(.hapticSharpness, sharpness)])
            let program = try PatternProgram(pattern: Pattern(events: [transient]))
            let mixer = Mixer(configuration: testConfiguration(rate: 1_000, block: 4), profile: .twoMotorPad)
            let handle = try #require(mixer.allocatePlayer())
            #expect(mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: 0, offset: 0)))
            let storage = BusStorage(capacity: 4)
            mixer.render(frameCount: 4, haptic: storage.haptic, audio: storage.audio)
            let played = ActuatorTranslator.motorLevels(of: storage.haptic, frameCount: 4, mode: .twoMotor)
            let told = ActuatorTranslator.onsetLevels(
                intensity: intensity, sharpness: sharpness, profile: .twoMotorPad, route: .handles)
            #expect(abs(played.strong - told.strong) < 1e-6 && abs(played.weak - told.weak) < 1e-6, "\(played) vs \(told)")
            #expect(max(told.strong, told.weak) == 1, "the kick is at full magnitude")
        }
    }

    @Test func profilesCarryOverdriveThroughJSON() throws {
        let pad = try ActuatorProfile(value: ActuatorProfile.twoMotorPad.value)
        #expect(pad.overdriveLevel == 1 && pad.overdriveDuration == 0.1 && pad.minimumBurstDuration == 0.03)
        #expect(ActuatorProfile.phoneVibraERM.overdriveLevel == 1 && ActuatorProfile.genericLRA.overdriveLevel == 0)
        let bare = try ActuatorProfile(
            value: .object([
                ("Name", .string("erm")), ("Mode", .string("amplitude")), ("FrequencyMin", .number(100)), ("FrequencyMax", .number(150)),
            ]))
        #expect(bare.overdriveLevel == 0 && bare.overdriveDuration == 0, "no overdrive unless asked for")
        do {
            _ = try ActuatorProfile(
                value: .object([
                    ("Name", .string("erm")), ("Mode", .string("amplitude")), ("FrequencyMin", .number(100)),
                    ("FrequencyMax", .number(150)), ("OverdriveLevel", .number(1.5)),
                ]))
            Issue.record("an overdrive level above full drive was accepted")
        } catch {
            #expect(error.message.contains("OverdriveLevel must be a number in 0.0 … 1.0"), "\(error.message)")
        }
    }
}
