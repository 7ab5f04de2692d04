import HapticPattern

/// Renders patterns to buffers synchronously and deterministically: the path used by tests and `haptic render`.
///
/// It drives a ``Mixer`` block by block, exactly as a device would, and runs the profile's ``ActuatorSimulator``
/// on the result.
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
        return render(timeline: [(0, .start(player: 0, program: program))], frameCount: frames,
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
        let mixer = Mixer(configuration: configuration, profile: profile)
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
                command = .start(handle(p), program: .passUnretained(program), atFrame: frame, offset: offset)
            case .stop(let p): command = .stop(handle(p), atFrame: frame)
            case .pause(let p): command = .pause(handle(p), atFrame: frame)
            case .resume(let p): command = .resume(handle(p), atFrame: frame)
            case .seek(let p, let offset): command = .seek(handle(p), offset: offset, atFrame: frame)
            case .setRate(let p, let r): command = .setRate(handle(p), rate: r, atFrame: frame)
            case .setLoop(let p, let enabled, let end): command = .setLoop(handle(p), enabled: enabled, loopEnd: end)
            case .setMuted(let p, let muted): command = .setMuted(handle(p), muted: muted)
            case .sendParameter(let p, let id, let value):
                command = .sendParameter(handle(p), id: id, value: value, atFrame: frame)
            case .scheduleCurve(let p, let curve): command = .scheduleCurve(handle(p), curve: .passUnretained(curve), atFrame: frame)
            }
            precondition(mixer.enqueue(command), "OfflineRenderer: command queue full")
        }
        let block = configuration.maxBlockFrames
        let storage = BusStorage(capacity: block)
        let acceleration = UnsafeMutableBufferPointer<Float>.allocate(capacity: block)
        defer { acceleration.deallocate() }
        var simulator = ActuatorSimulator(profile: profile, sampleRate: rate)
        var result = RenderResult(
            sampleRate: rate, amplitude: [], sharpness: [], drive: [], strong: [], weak: [], acceleration: [],
            audioLeft: [], audioRight: [], clippedFrameCount: 0, finished: [])
        for keyPath in [\RenderResult.amplitude, \.sharpness, \.drive, \.strong, \.weak, \.acceleration, \.audioLeft, \.audioRight] as [WritableKeyPath<RenderResult, [Float]>] {
            result[keyPath: keyPath].reserveCapacity(frameCount)
        }
        var done = 0
        while done < frameCount {
            let n = Swift.min(block, frameCount - done)
            mixer.render(frameCount: n, haptic: storage.haptic, audio: storage.audio)
            simulator.process(haptic: storage.haptic, frameCount: n, acceleration: acceleration)
            result.amplitude.append(contentsOf: storage.haptic.amplitude.prefix(n))
            result.sharpness.append(contentsOf: storage.haptic.sharpness.prefix(n))
            result.drive.append(contentsOf: storage.haptic.drive.prefix(n))
            result.strong.append(contentsOf: storage.haptic.strong.prefix(n))
            result.weak.append(contentsOf: storage.haptic.weak.prefix(n))
            result.acceleration.append(contentsOf: acceleration.prefix(n))
            result.audioLeft.append(contentsOf: storage.audio.left.prefix(n))
            result.audioRight.append(contentsOf: storage.audio.right.prefix(n))
            mixer.drainNotifications { note in
                if case .playerFinished(let h, let frame, let stopped) = note {
                    result.finished.append((Int(h.index), frame, stopped))
                }
                // Programs and curves were passed unretained: the timeline owns them, nothing to release.
            }
            done += n
        }
        result.clippedFrameCount = mixer.clippedFrameCount
        return result
    }
}
