import Benchmark
import Foundation
import HapticPattern
import HapticRender

/// Apple's sample files, compiled (custom audio decoded with the renderer's WAV reader).
private func corpusPrograms() -> [PatternProgram] {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/ahap")
    let directory = ProcessInfo.processInfo.environment["OPENCOREHAPTICS_CORPUS"].map(URL.init(fileURLWithPath:)) ?? root
    let files = (FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
        .filter { $0.pathExtension == "ahap" }.sorted { $0.path < $1.path }
    return files.compactMap { url in
        guard let bytes = try? Data(contentsOf: url), let document = try? AHAPReader.read(Array(bytes)) else { return nil }
        var audio: [WaveformSource: AudioBuffer] = [:]
        for event in document.pattern.events {
            if case .path(let path)? = event.waveform,
                let wav = try? Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(path)),
                let buffer = try? WAVDecoder().decode(Array(wav))
            {
                audio[.path(path)] = buffer
            }
        }
        return try? PatternProgram(pattern: document.pattern, audio: audio)
    }
}

/// One player holding `count` sustained continuous haptic events (30 s), all sounding at once.
private func continuousVoices(_ count: Int) -> PatternProgram {
    let events = (0..<count).map { i in
        Event(
            type: .hapticContinuous, time: 0, duration: 30,
            parameters: [
                EventParameter(.hapticIntensity, 0.001), EventParameter(.hapticSharpness, Float(i % 100) / 100),
            ])
    }
    return try! PatternProgram(pattern: Pattern(events: events))
}

private let block = 256

/// Renders blocks of 1024 continuous voices: ns per voice-sample = (time per iteration) / (1024 × 256).
private func voiceBenchmark(rate: Double) -> (Benchmark) -> Void {
    { benchmark in
        let mixer = Mixer(
            configuration: MixerConfiguration(sampleRate: rate, maxBlockFrames: block, playerCapacity: 4, voiceCapacity: 1_024))
        let program = continuousVoices(1_024)
        let storage = BusStorage(capacity: block)
        _ = mixer.enqueue(.start(PlayerHandle(index: 0, generation: 1), program: .passUnretained(program), atFrame: 0, offset: 0))
        // Warm up past the attack so every voice is in its steady state.
        for _ in 0..<Int(rate / Double(block)) { mixer.render(frameCount: block, haptic: storage.haptic, audio: storage.audio) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            mixer.render(frameCount: block, haptic: storage.haptic, audio: storage.audio)
            blackHole(storage.haptic.drive[0])
        }
        benchmark.stopMeasurement()
        withExtendedLifetime(program) {}
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 2_000)

    // Steady state with players starting, stopping, taking parameters and curves through the command queue:
    // the render loop must not allocate. One iteration = one 256-frame block at 48 kHz.
    Benchmark(
        "render_block_steady_state_with_commands",
        configuration: .init(metrics: [.mallocCountTotal, .wallClock], thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])])
    ) { benchmark in
        let programs = corpusPrograms()
        precondition(!programs.isEmpty, "no corpus")
        let curve = try! CurveProgram(
            ParameterCurve(
                id: .hapticIntensityControl, time: 0,
                controlPoints: [
                    ControlPoint(time: 0, value: 1), ControlPoint(time: 0.05, value: 0.2), ControlPoint(time: 0.1, value: 1),
                ]))
        let mixer = Mixer(
            configuration: MixerConfiguration(
                sampleRate: 48_000, maxBlockFrames: block, playerCapacity: 32, voiceCapacity: 1_024, commandCapacity: 256))
        let storage = BusStorage(capacity: block)
        var handles: [PlayerHandle] = []
        for _ in 0..<32 { handles.append(mixer.allocatePlayer()!) }
        handles.reserveCapacity(32)
        var turn = 0
        func commands() {
            // Restart one player per block with the next corpus file, stop another, and modulate a third.
            let frame = mixer.currentFrame
            let h = handles[turn % 32]
            _ = mixer.enqueue(.start(h, program: .passUnretained(programs[turn % programs.count]), atFrame: frame + 17, offset: 0))
            _ = mixer.enqueue(.stop(handles[(turn + 16) % 32], atFrame: frame + 100))
            _ = mixer.enqueue(.sendParameter(handles[(turn + 5) % 32], id: .hapticIntensityControl, value: 0.5, atFrame: frame + 40))
            _ = mixer.enqueue(.scheduleCurve(handles[(turn + 9) % 32], curve: .passUnretained(curve), atFrame: frame + 3))
            turn += 1
        }
        for _ in 0..<200 {
            commands()
            mixer.render(frameCount: block, haptic: storage.haptic, audio: storage.audio)
            mixer.drainNotifications { _ in }  // everything was passed unretained
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            commands()
            mixer.render(frameCount: block, haptic: storage.haptic, audio: storage.audio)
            mixer.drainNotifications { _ in }
        }
        benchmark.stopMeasurement()
        withExtendedLifetime((programs, curve)) {}
    }

    // The block a woken render thread renders for a tap (issue 26): one transient starting on an engine-sized pool
    // (512 slots, 48 kHz, 1 ms blocks) whose memory an idle pause has let go cold — the caches are flushed before
    // each block by touching 32 MiB. That block runs on the CPU of the app's impactOccurred() call.
    Benchmark("render_tap_block_512_slots_cold", configuration: .init(metrics: [.wallClock], maxIterations: 2_000)) { benchmark in
        let blockFrames = 48
        let mixer = Mixer(
            configuration: MixerConfiguration(
                sampleRate: 48_000, maxBlockFrames: blockFrames, playerCapacity: 512, voiceCapacity: 512))
        let program = try! PatternProgram(pattern: Pattern(events: [Event(type: .hapticTransient, time: 0)]))
        let storage = BusStorage(capacity: blockFrames)
        let flush = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 4 << 20)
        flush.initialize(repeating: 0)
        defer { flush.deallocate() }
        for _ in benchmark.scaledIterations {
            // A fresh handle in the first slot, as an engine's first free slot; the last run has ended.
            let handle = mixer.allocatePlayer()!
            _ = mixer.enqueue(.start(handle, program: .passUnretained(program), atFrame: mixer.currentFrame, offset: 0))
            for i in stride(from: 0, to: flush.count, by: 8) { flush[i] &+= 1 }
            benchmark.startMeasurement()
            mixer.render(frameCount: blockFrames, haptic: storage.haptic, audio: storage.audio)
            benchmark.stopMeasurement()
            for _ in 0..<200 { mixer.render(frameCount: blockFrames, haptic: storage.haptic, audio: storage.audio) }
            mixer.drainNotifications { note in
                if case .playerFinished(let finished, _, _) = note { _ = mixer.freePlayer(finished) }
            }
            mixer.render(frameCount: blockFrames, haptic: storage.haptic, audio: storage.audio)  // takes the free's cancel
        }
        withExtendedLifetime(program) {}
    }

    Benchmark("voices_1024_continuous_8kHz_block256", closure: voiceBenchmark(rate: 8_000))
    Benchmark("voices_1024_continuous_48kHz_block256", closure: voiceBenchmark(rate: 48_000))

    // Every corpus file on its own player, all at once, rendered to the end at 48 kHz (haptics and audio).
    // Real-time factor = rendered seconds / wall-clock seconds.
    Benchmark("corpus_all_mixed_48kHz", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxIterations: 20)) { benchmark in
        let programs = corpusPrograms()
        let seconds = programs.map(\.soundingDuration).max() ?? 0
        let frames = Int(seconds * 48_000) + block
        let storage = BusStorage(capacity: block)
        for _ in benchmark.scaledIterations {
            let mixer = Mixer(
                configuration: MixerConfiguration(sampleRate: 48_000, maxBlockFrames: block, playerCapacity: 32, voiceCapacity: 1_024))
            for (i, program) in programs.enumerated() {
                _ = mixer.enqueue(
                    .start(PlayerHandle(index: Int32(i), generation: 1), program: .passUnretained(program), atFrame: 0, offset: 0))
            }
            benchmark.startMeasurement()
            var done = 0
            while done < frames {
                mixer.render(frameCount: block, haptic: storage.haptic, audio: storage.audio)
                done += block
            }
            benchmark.stopMeasurement()
            blackHole(storage.audio.left[0])
        }
        if ProcessInfo.processInfo.environment["RENDER_BENCH_VERBOSE"] != nil {
            print("corpus: \(programs.count) programs, \(seconds) s rendered per iteration")
        }
    }
}
