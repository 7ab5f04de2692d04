import HapticPattern
import HapticRender
import Testing

/// The program-ownership rule of `MixerCommand`, kept by `MixerControl`: a program or curve the mixer reads stays
/// alive however the caller lets go of it, is never freed by rendering (the render thread's side), and is released by
/// the control once the mixer has given it back, or when the control goes away with it still inside.
@Suite struct MixerControlTests {
    static func transient() throws -> PatternProgram {
        try PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
    }

    static func curve(_ value: Float) throws -> CurveProgram {
        try CurveProgram(
            ParameterCurve(
                id: .hapticIntensityControl, time: 0,
                controlPoints: [ControlPoint(time: 0, value: value), ControlPoint(time: 1, value: 1)]))
    }

    @Test func aProgramLivesUntilTheMixerGivesItBackAndTheControlReleasesIt() throws {
        let control = MixerControl(mixer: Mixer(configuration: testConfiguration(rate: 8_000, block: 64)))
        let storage = BusStorage(capacity: 64)
        let handle = try #require(control.allocatePlayer())
        weak var weakProgram: PatternProgram?
        do {
            let program = try Self.transient()
            weakProgram = program
            #expect(control.start(handle, program: program, atFrame: 0, offset: 0))
        }
        #expect(weakProgram != nil, "the control keeps the program the mixer reads alive")
        #expect(control.retainedObjectCount == 1)
        var finished = false
        for _ in 0..<40 {
            control.mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            // The render side has let go of the program by now, but only posted its release: nothing was freed there.
            #expect(weakProgram != nil, "rendering never frees a program")
        }
        control.collect { note in
            if case .playerFinished = note { finished = true }
        }
        #expect(finished)
        #expect(weakProgram == nil, "the control released the program the mixer gave back")
        #expect(control.retainedObjectCount == 0)
    }

    @Test func whatTheMixerStillHoldsIsReleasedWithTheControl() throws {
        weak var weakProgram: PatternProgram?
        weak var weakCurve: CurveProgram?
        do {
            let control = MixerControl(mixer: Mixer(configuration: testConfiguration(rate: 8_000, block: 64)))
            let storage = BusStorage(capacity: 64)
            let handle = try #require(control.allocatePlayer())
            let program = try PatternProgram(
                pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 10)]))
            let curve = try Self.curve(0.5)
            weakProgram = program
            weakCurve = curve
            #expect(control.start(handle, program: program, atFrame: 0, offset: 0))
            #expect(control.scheduleCurve(handle, curve: curve, atFrame: 0))
            control.mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
            control.collect { _ in }
        }
        #expect(weakProgram == nil, "the program still playing was released with the control")
        #expect(weakCurve == nil, "the curve still followed was released with the control")
    }

    @Test func aRefusedCommandKeepsNothing() throws {
        var configuration = testConfiguration(rate: 8_000, block: 64)
        configuration.commandCapacity = 1
        let control = MixerControl(mixer: Mixer(configuration: configuration))
        let handle = try #require(control.allocatePlayer())
        weak var weakProgram: PatternProgram?
        weak var weakCurve: CurveProgram?
        #expect(control.send(.setMuted(handle, muted: false)))  // fills the queue
        do {
            let program = try Self.transient()
            let curve = try Self.curve(0.2)
            weakProgram = program
            weakCurve = curve
            #expect(!control.start(handle, program: program, atFrame: 0, offset: 0))
            #expect(!control.scheduleCurve(handle, curve: curve, atFrame: 0))
        }
        #expect(weakProgram == nil && weakCurve == nil, "a refused command leaves nothing retained")
        #expect(control.retainedObjectCount == 0)
    }

    @Test func aReplacedCurveIsReleasedAfterTheMixerGivesItBack() throws {
        let control = MixerControl(mixer: Mixer(configuration: testConfiguration(rate: 8_000, block: 64)))
        let storage = BusStorage(capacity: 64)
        let handle = try #require(control.allocatePlayer())
        let program = try PatternProgram(pattern: Pattern(events: [Event(type: .hapticContinuous, time: 0, duration: 10)]))
        weak var weakFirst: CurveProgram?
        let second = try Self.curve(0.8)
        do {
            let first = try Self.curve(0.2)
            weakFirst = first
            #expect(control.start(handle, program: program, atFrame: 0, offset: 0))
            #expect(control.scheduleCurve(handle, curve: first, atFrame: 0))
        }
        control.mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
        #expect(control.scheduleCurve(handle, curve: second, atFrame: control.mixer.currentFrame))
        control.mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
        #expect(weakFirst != nil, "rendering never frees a curve")
        control.collect { _ in }
        #expect(weakFirst == nil, "the replaced curve was released once the mixer gave it back")
        #expect(control.retainedObjectCount == 2, "the program and the second curve are still in use")
    }

    @Test func aSlotTheFullQueueRefusedIsReturnedLater() throws {
        var configuration = testConfiguration(rate: 8_000, block: 64)
        configuration.commandCapacity = 1
        configuration.playerCapacity = 1
        let control = MixerControl(mixer: Mixer(configuration: configuration))
        let storage = BusStorage(capacity: 64)
        let handle = try #require(control.allocatePlayer())
        #expect(control.send(.setMuted(handle, muted: false)))  // fills the queue
        control.freePlayer(handle)
        #expect(control.pendingSlotCount == 1)
        #expect(control.allocatePlayer() == nil, "the slot is not free yet")
        control.mixer.render(frameCount: 64, haptic: storage.haptic, audio: storage.audio)
        control.collect { _ in }
        #expect(control.pendingSlotCount == 0)
        #expect(control.allocatePlayer() != nil, "the slot was returned at the next collect")
    }
}
