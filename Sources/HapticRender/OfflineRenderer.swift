import HapticPattern

/// Renders patterns to buffers synchronously and deterministically: the path used by tests and `haptic render`.
///
/// It drives a ``Mixer`` block by block through a ``MixerControl``, exactly as an engine and its device would, and
/// runs the profile's ``ActuatorSimulator`` on the result.
///
///     let program = try PatternProgram(pattern: pattern)
///     let result = OfflineRenderer.render(program: program, seconds: program.duration + 0.1)
///     print(result.amplitude.max() ?? 0)
public enum OfflineRenderer {
    /// A player command on an offline timeline; programs and curves are ordinary references (the timeline keeps
    /// them alive while rendering).
    public enum TimelineCommand: Sendable {
        /// Starts player `player` (0-based) with `program` from `offset` seconds.
        case start(player: Int, program: PatternProgram, offset: Double = 0)
        /// Stops the player (fades out and finishes).
        case stop(player: Int)
        /// Pauses the player.
        case pause(player: Int)
        /// Resumes the player.
        case resume(player: Int)
        /// Seeks to `offset` pattern seconds.
        case seek(player: Int, offset: Double)
        /// Sets the playback rate.
        case setRate(player: Int, rate: Float)
        /// Sets looping (`loopEnd` 0 = the program's last event end).
        case setLoop(player: Int, enabled: Bool, loopEnd: Double = 0)
        /// Mutes or unmutes the player.
        case setMuted(player: Int, muted: Bool)
        /// Sends a dynamic parameter.
        case sendParameter(player: Int, id: DynamicParameterID, value: Float)
        /// Starts a curve.
        case scheduleCurve(player: Int, curve: CurveProgram)
    }

    /// Renders one program from time 0.
    ///
    /// - Parameters:
    ///   - program: what to play.
    ///   - seconds: how much to render.
    ///   - configuration: mixer configuration (its sample rate is the output rate).
    ///   - profile: the actuator profile.
    /// - Returns: every signal, `seconds × sampleRate` frames long.
    public static func render(
        program: PatternProgram, seconds: Double, configuration: MixerConfiguration = MixerConfiguration(),
        profile: ActuatorProfile = .simulatedTapticLRA
    ) -> RenderResult {
        let frames = Int((Swift.max(0, seconds) * configuration.sampleRate).rounded())
        return render(
            timeline: [(0, .start(player: 0, program: program))], frameCount: frames,
            configuration: configuration, profile: profile)
    }

    /// Renders a timeline of player commands.
    ///
    /// - Parameters:
    ///   - timeline: (time in seconds, command) pairs, in any order; commands at equal times keep their order.
    ///   - frameCount: frames to render.
    ///   - configuration: mixer configuration; `playerCapacity` must exceed every player index used.
    ///   - profile: the actuator profile.
    public static func render(
        timeline: [(time: Double, command: TimelineCommand)], frameCount: Int,
        configuration: MixerConfiguration = MixerConfiguration(), profile: ActuatorProfile = .simulatedTapticLRA
    ) -> RenderResult {
        var configuration = configuration
        configuration.commandCapacity = Swift.max(configuration.commandCapacity, timeline.count + 1)
        let control = MixerControl(mixer: Mixer(configuration: configuration, profile: profile))
        var handles: [Int: PlayerHandle] = [:]
        func handle(_ player: Int) -> PlayerHandle {
            if let h = handles[player] { return h }
            let h = PlayerHandle(index: Int32(player), generation: 1)
            handles[player] = h
            return h
        }
        let rate = configuration.sampleRate
        let ordered = timeline.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        for (_, entry) in ordered {
            let frame = Int((Swift.max(0, entry.time) * rate).rounded())
            let command: MixerCommand
            switch entry.command {
            case .start(let p, let program, let offset):
                precondition(
                    control.start(handle(p), program: program, atFrame: frame, offset: offset), "OfflineRenderer: command queue full")
                continue
            case .scheduleCurve(let p, let curve):
                precondition(control.scheduleCurve(handle(p), curve: curve, atFrame: frame), "OfflineRenderer: command queue full")
                continue
            case .stop(let p): command = .stop(handle(p), atFrame: frame)
            case .pause(let p): command = .pause(handle(p), atFrame: frame)
            case .resume(let p): command = .resume(handle(p), atFrame: frame)
            case .seek(let p, let offset): command = .seek(handle(p), offset: offset, atFrame: frame)
            case .setRate(let p, let r): command = .setRate(handle(p), rate: r, atFrame: frame)
            case .setLoop(let p, let enabled, let end): command = .setLoop(handle(p), enabled: enabled, loopEnd: end)
            case .setMuted(let p, let muted): command = .setMuted(handle(p), muted: muted)
            case .sendParameter(let p, let id, let value):
                command = .sendParameter(handle(p), id: id, value: value, atFrame: frame)
            }
            precondition(control.send(command), "OfflineRenderer: command queue full")
        }
        var result = RenderResult(
            sampleRate: rate, amplitude: [], sharpness: [], drive: [], strong: [], weak: [], acceleration: [],
            audioLeft: [], audioRight: [], clippedFrameCount: 0, finished: [])
        for keyPath in [\RenderResult.amplitude, \.sharpness, \.drive, \.strong, \.weak, \.acceleration, \.audioLeft, \.audioRight]
            as [WritableKeyPath<RenderResult, [Float]>]
        {
            result[keyPath: keyPath].reserveCapacity(frameCount)
        }
        let summary = run(control: control, frameCount: frameCount, configuration: configuration, profile: profile) { block -> Bool in
            result.amplitude.append(contentsOf: block.amplitude)
            result.sharpness.append(contentsOf: block.sharpness)
            result.drive.append(contentsOf: block.drive)
            result.strong.append(contentsOf: block.strong)
            result.weak.append(contentsOf: block.weak)
            result.acceleration.append(contentsOf: block.acceleration)
            result.audioLeft.append(contentsOf: block.audioLeft)
            result.audioRight.append(contentsOf: block.audioRight)
            return true
        }
        result.finished = summary.finished
        result.clippedFrameCount = summary.clippedFrameCount
        return result
    }

    /// One rendered block of every signal, valid only inside the closure it is passed to.
    public struct Block {
        /// Summed haptic amplitude.
        public var amplitude: UnsafeBufferPointer<Float>
        /// Amplitude-weighted sharpness.
        public var sharpness: UnsafeBufferPointer<Float>
        /// The device drive signal.
        public var drive: UnsafeBufferPointer<Float>
        /// Two-motor strong level.
        public var strong: UnsafeBufferPointer<Float>
        /// Two-motor weak level.
        public var weak: UnsafeBufferPointer<Float>
        /// Simulated acceleration (g).
        public var acceleration: UnsafeBufferPointer<Float>
        /// Left audio.
        public var audioLeft: UnsafeBufferPointer<Float>
        /// Right audio.
        public var audioRight: UnsafeBufferPointer<Float>
        /// Frames in the block.
        public var frameCount: Int { amplitude.count }
    }

    /// What a streamed render reports at the end.
    public struct Summary: Sendable {
        /// Frames whose haptic amplitude had to be clamped to 1.
        public var clippedFrameCount: Int
        /// Player-finished notifications seen: (player index, frame, stopped).
        public var finished: [(player: Int, frame: Int, stopped: Bool)]
    }

    /// Renders one program from time 0 block by block, handing each block to `body` instead of keeping it: memory
    /// stays bounded by the block size however long the render is (`haptic render` streams hours to disk this way).
    ///
    /// - Parameters:
    ///   - program: what to play.
    ///   - frameCount: frames to render.
    ///   - configuration: mixer configuration (its sample rate is the output rate, `maxBlockFrames` the block size).
    ///   - profile: the actuator profile.
    ///   - body: called once per block, in order; return `false` to stop early.
    public static func stream(
        program: PatternProgram, frameCount: Int, configuration: MixerConfiguration = MixerConfiguration(),
        profile: ActuatorProfile = .simulatedTapticLRA, _ body: (Block) -> Bool
    ) -> Summary {
        let control = MixerControl(mixer: Mixer(configuration: configuration, profile: profile))
        precondition(
            control.start(PlayerHandle(index: 0, generation: 1), program: program, atFrame: 0, offset: 0),
            "OfflineRenderer: command queue full")
        return run(control: control, frameCount: frameCount, configuration: configuration, profile: profile, body)
    }

    private static func run(
        control: MixerControl, frameCount: Int, configuration: MixerConfiguration, profile: ActuatorProfile, _ body: (Block) -> Bool
    ) -> Summary {
        let mixer = control.mixer
        let block = configuration.maxBlockFrames
        let storage = BusStorage(capacity: block)
        let acceleration = UnsafeMutableBufferPointer<Float>.allocate(capacity: block)
        defer { acceleration.deallocate() }
        var simulator = ActuatorSimulator(profile: profile, sampleRate: configuration.sampleRate)
        var summary = Summary(clippedFrameCount: 0, finished: [])
        var done = 0
        while done < frameCount {
            let n = Swift.min(block, frameCount - done)
            mixer.render(frameCount: n, haptic: storage.haptic, audio: storage.audio)
            simulator.process(haptic: storage.haptic, frameCount: n, acceleration: acceleration)
            func prefix(_ buffer: UnsafeMutableBufferPointer<Float>) -> UnsafeBufferPointer<Float> {
                UnsafeBufferPointer(rebasing: buffer[0..<n])
            }
            let view = Block(
                amplitude: prefix(storage.haptic.amplitude), sharpness: prefix(storage.haptic.sharpness),
                drive: prefix(storage.haptic.drive), strong: prefix(storage.haptic.strong), weak: prefix(storage.haptic.weak),
                acceleration: prefix(acceleration), audioLeft: prefix(storage.audio.left), audioRight: prefix(storage.audio.right))
            let goOn = body(view)
            // The control takes back the programs and curves the mixer is done with (here, not on a render thread).
            control.collect { note in
                if case .playerFinished(let h, let frame, let stopped) = note {
                    summary.finished.append((Int(h.index), frame, stopped))
                }
            }
            done += n
            if !goOn { break }
        }
        summary.clippedFrameCount = mixer.clippedFrameCount
        return summary
    }
}
