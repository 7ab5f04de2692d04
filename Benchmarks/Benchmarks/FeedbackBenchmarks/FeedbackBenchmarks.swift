import Benchmark
import Glibc
import OpenCoreHaptics
import OpenHapticFeedback

/// `prepare()` against a cold start: the wall time of the `impactOccurred()` call, which is what stands between a
/// touch and the feedback. Each iteration gets a fresh engine (stopped) and center; only the call is measured.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 200)

    Benchmark("Feedback.engine.impactOccurred.cold") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let output = try? EngineFeedbackOutput() else { return }
            let center = FeedbackCenter(output: output, preferences: FeedbackPreferences(rateLimit: .unlimited))
            let generator = FeedbackCenter.$current.withValue(center) { UIImpactFeedbackGenerator(style: .heavy) }
            benchmark.startMeasurement()
            generator.impactOccurred()
            benchmark.stopMeasurement()
            output.engine.stop()
        }
    }

    Benchmark("Feedback.engine.impactOccurred.prepared") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let output = try? EngineFeedbackOutput() else { return }
            let center = FeedbackCenter(output: output, preferences: FeedbackPreferences(rateLimit: .unlimited))
            let generator = FeedbackCenter.$current.withValue(center) { UIImpactFeedbackGenerator(style: .heavy) }
            generator.prepare()
            benchmark.startMeasurement()
            generator.impactOccurred()
            benchmark.stopMeasurement()
            output.engine.stop()
        }
    }

    // As `.prepared`, but the touch comes 5 ms after prepare(), as in an app that prepares ahead of it: the render
    // thread is then in its idle pause, so the call wakes it. In `.prepared` the call comes a few microseconds after
    // prepare(), mostly before the new render thread has reached its first pause: its wake is then a no-op and it
    // measures the call without the wake (issue 26: 20 us here against 70-83 us with the wake, same session).
    // The woken render thread used to render the command, the pause's owed blocks and the pacer's lead back to back
    // on the caller's CPU; it now writes the owed blocks as silence and sleeps after the command's block (p50 118 us
    // before, 78 and 94 us after, same session, offline 8 us in all three). What is left: the call's own work before
    // the wake on a cold CPU, and a 32-40 us render burst after it (perf sched; see issue 26's note).
    Benchmark("Feedback.engine.impactOccurred.preparedAhead") { benchmark in
        for _ in benchmark.scaledIterations {
            guard let output = try? EngineFeedbackOutput() else { return }
            let center = FeedbackCenter(output: output, preferences: FeedbackPreferences(rateLimit: .unlimited))
            let generator = FeedbackCenter.$current.withValue(center) { UIImpactFeedbackGenerator(style: .heavy) }
            generator.prepare()
            usleep(5_000)  // pacing: the scenario's 5 ms between prepare() and the touch, not a wait for a condition
            benchmark.startMeasurement()
            generator.impactOccurred()
            benchmark.stopMeasurement()
            output.engine.stop()
        }
    }

    Benchmark("Feedback.offline.impactOccurred.cold") { benchmark in
        for _ in benchmark.scaledIterations {
            let output = OfflineFeedbackOutput(historyLimit: 0)
            let center = FeedbackCenter(output: output, preferences: FeedbackPreferences(rateLimit: .unlimited))
            let generator = FeedbackCenter.$current.withValue(center) { UIImpactFeedbackGenerator(style: .heavy) }
            benchmark.startMeasurement()
            generator.impactOccurred()
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Feedback.offline.impactOccurred.prepared") { benchmark in
        for _ in benchmark.scaledIterations {
            let output = OfflineFeedbackOutput(historyLimit: 0)
            let center = FeedbackCenter(output: output, preferences: FeedbackPreferences(rateLimit: .unlimited))
            let generator = FeedbackCenter.$current.withValue(center) { UIImpactFeedbackGenerator(style: .heavy) }
            generator.prepare()
            benchmark.startMeasurement()
            generator.impactOccurred()
            benchmark.stopMeasurement()
        }
    }
}
