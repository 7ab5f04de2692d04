import Benchmark
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
