// Pattern players: start, stop, mute, dynamic parameters and parameter curves, with what the engine played read back.
using System;
using System.Runtime.InteropServices;

namespace OpenCoreHaptics.UnityTests
{
    public static class PlayerTests
    {
        public static void StartStopDestroy()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(5), Callbacks.OnError);
            Check.NoErrors("MakePlayer");
            Check.That(player != IntPtr.Zero && player != engine, "MakePlayer returned no new handle");
            Player.Start(player, 0, Callbacks.OnError);
            Session.Pace(0.2);
            Player.Stop(player, 0, Callbacks.OnError);
            Check.NoErrors("Start, Stop");
            // Stopped long before its 5 s: every player is done.
            Session.WaitUntilFinished(engine, 10);
            Player.Destroy(player);
            Player.Start(player, 0, Callbacks.OnError);
            Check.OneError("Start of a destroyed player", CHErrorCode.InvalidEnginePointer, player);
            Engine.Destroy(engine);
        }

        public static void MutedPlayerRecordsSilence()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(0.4), Callbacks.OnError);
            Check.Equal(false, Player.GetIsMuted(player), "GetIsMuted default");
            Player.SetIsMuted(player, true);
            Check.Equal(true, Player.GetIsMuted(player), "GetIsMuted after SetIsMuted(true)");
            Player.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("MakePlayer, Start");
            Session.WaitUntilFinished(engine, 30);
            Player.Destroy(player);
            Engine.Destroy(engine);
            var recording = Recording.Read();
            Check.That(recording.Peak() < 0.01, "a muted player's recording is not silent: peak " + recording.Peak());
        }

        public static void SendParametersTurnsTheIntensityDown()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(1.6), Callbacks.OnError);
            Player.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("MakePlayer, Start");
            Session.Pace(0.6);
            Session.Send(request => Player.SendParameters(player, request, Callbacks.OnError), 0 /* HapticIntensityControl */, 0.2f, 0);
            Check.NoErrors("SendParameters");
            Session.WaitUntilFinished(engine, 30);
            Player.Destroy(player);
            Engine.Destroy(engine);
            var recording = Recording.Read();
            double onset = recording.Onset();
            double before = recording.Rms(onset + 0.1, onset + 0.5), after = recording.Rms(onset + 1.0, onset + 1.5);
            Console.WriteLine("  drive RMS {0:F4} before the send, {1:F4} after", before, after);
            Check.That(after < 0.6 * before && after > 0.01 * before,
                string.Format("the intensity control did not turn the drive down: RMS {0:F4} then {1:F4}", before, after));
        }

        public static void ParameterCurveFadesOut()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(1.4), Callbacks.OnError);
            var points = new[] {
                new CHCurveControlPoint { Time = 0.0f, Value = 1.0f },
                new CHCurveControlPoint { Time = 0.3f, Value = 1.0f },
                new CHCurveControlPoint { Time = 0.5f, Value = 0.0f } };
            var pin = GCHandle.Alloc(points, GCHandleType.Pinned);
            try
            {
                var curve = new CHHapticParameterCurveRequest {
                    ParameterID = 0 /* HapticIntensityControl */, Time = 0, Points = pin.AddrOfPinnedObject(),
                    PointsLength = points.Length, PointsHandle = pin };
                Player.Start(player, 0, Callbacks.OnError);
                Player.ScheduleParameterCurve(player, curve, 0, Callbacks.OnError);
                Check.NoErrors("Start, ScheduleParameterCurve");
            }
            finally { pin.Free(); }
            Session.WaitUntilFinished(engine, 30);
            Player.Destroy(player);
            Engine.Destroy(engine);
            var recording = Recording.Read();
            double onset = recording.Onset();
            double head = recording.Rms(onset + 0.05, onset + 0.25), tail = recording.Rms(onset + 0.8, onset + 1.3);
            Console.WriteLine("  drive RMS {0:F4} before the fade, {1:F4} after it", head, tail);
            Check.That(tail < 0.1 * head, string.Format("the curve did not fade the drive out: RMS {0:F4} then {1:F4}", head, tail));
        }
    }

    public static class AdvancedPlayerTests
    {
        static IntPtr Make(IntPtr engine, string ahap)
        {
            var player = Engine.MakeAdvancedPlayer(engine, ahap, Callbacks.OnCompletion, Callbacks.OnError);
            Check.NoErrors("MakeAdvancedPlayer");
            Check.That(player != IntPtr.Zero, "MakeAdvancedPlayer returned a null player");
            return player;
        }

        public static void CompletionHandlerIsCalled()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.3));
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("Start");
            Check.That(Callbacks.WaitFor(() => Callbacks.Completions(player) > 0, 30), "no completion within 30 s");
            Session.Pace(0.2);
            Check.Equal(1, Callbacks.Completions(player), "completions (with the player's own pointer)");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
        }

        /// A callback attaches the library's thread to Mono, which stops every attached thread for a garbage
        /// collection (and at exit) with signals: SIGPWR and SIGXCPU on Linux. A thread that blocks them, as
        /// libdispatch's worker threads do, can never be stopped, and the next collection waits forever.
        public static void CallbacksArriveOnThreadsMonoCanStop()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Transient);
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("Start");
            Check.That(Callbacks.WaitFor(() => Callbacks.Completions(player) > 0, 30), "no completion within 30 s");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
            var mask = Callbacks.CompletionThreadSignals();
            Check.That(mask != null, "could not read the callback thread's signal mask");
            ulong bits = Convert.ToUInt64(mask, 16);
            bool power = (bits & (1UL << (30 - 1))) != 0, cpu = (bits & (1UL << (24 - 1))) != 0;
            if (power || cpu)
                throw new Fatal(string.Format(
                    "the completion handler ran on a thread that blocks {0} (SigBlk {1}): Mono cannot stop that thread, " +
                    "so its next garbage collection or its exit waits forever (a libdispatch worker thread blocks nearly " +
                    "every signal; callbacks into C# need a thread with the usual signal mask)",
                    power && cpu ? "SIGPWR and SIGXCPU" : power ? "SIGPWR" : "SIGXCPU", mask));
        }

        public static void LoopAndLoopEnd()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.2));
            Check.Equal(false, AdvancedPlayer.GetLoopEnabled(player), "GetLoopEnabled default");
            AdvancedPlayer.SetLoopEnabled(player, true);
            Check.Equal(true, AdvancedPlayer.GetLoopEnabled(player), "GetLoopEnabled");
            AdvancedPlayer.SetLoopEnd(player, 0.25);
            Check.Near(0.25, AdvancedPlayer.GetLoopEnd(player), 1e-9, "GetLoopEnd");
            foreach (var refused in new[] { double.NaN, double.PositiveInfinity, -1.0 })
            {
                AdvancedPlayer.SetLoopEnd(player, refused);
                Check.Near(0.25, AdvancedPlayer.GetLoopEnd(player), 1e-9, "GetLoopEnd after SetLoopEnd(" + refused + ")");
            }
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("Start");
            Session.Pace(1.2); // several passes of a 0.25 s loop
            Check.Equal(0, Callbacks.Completions(player), "completions while looping");
            AdvancedPlayer.Stop(player, 0, Callbacks.OnError);
            Check.NoErrors("Stop");
            Check.That(Callbacks.WaitFor(() => Callbacks.Completions(player) > 0, 30), "no completion after Stop");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
            var recording = Recording.Read();
            double onset = recording.Onset();
            // A 0.2 s event looped every 0.25 s is still playing a second later.
            Check.That(recording.Rms(onset + 0.95, onset + 1.15) > 0.05 * recording.Rms(onset, onset + 0.2),
                "the loop did not play on: the drive is silent a second in");
        }

        public static void PlaybackRate()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.2));
            Check.Equal(1f, AdvancedPlayer.GetPlaybackRate(player), "GetPlaybackRate default");
            AdvancedPlayer.SetPlaybackRate(player, 2f);
            Check.Equal(2f, AdvancedPlayer.GetPlaybackRate(player), "GetPlaybackRate");
            // Core Haptics takes any rate > 0 and ignores the rest; rates above 1000 are ignored too (header).
            foreach (var refused in new[] { float.NaN, float.PositiveInfinity, float.NegativeInfinity, -1f, 0f, -0f, 1e30f, float.MaxValue, 1000.5f })
            {
                AdvancedPlayer.SetPlaybackRate(player, refused);
                Check.Equal(2f, AdvancedPlayer.GetPlaybackRate(player), "GetPlaybackRate after SetPlaybackRate(" + refused + ")");
            }
            // The largest rate: the pattern plays at once, and the player completes.
            AdvancedPlayer.SetPlaybackRate(player, 1000f);
            Check.Equal(1000f, AdvancedPlayer.GetPlaybackRate(player), "GetPlaybackRate after SetPlaybackRate(1000)");
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("Start at rate 1000");
            Check.That(Callbacks.WaitFor(() => Callbacks.Completions(player) > 0, 30), "no completion at rate 1000");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
        }

        /// Apple's pattern of its advanced-player tests: a transient at 0 and a 1 s continuous event at 0.5.
        public static readonly string ApplesTestPattern =
            "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticTransient\", \"EventParameters\": []}}, " +
            "{\"Event\": {\"Time\": 0.5, \"EventType\": \"HapticContinuous\", \"EventDuration\": 1.0, \"EventParameters\": []}}]}";

        /// Apple's Test_AdvancedPlayer_LoopEnd_DefaultIsPatternLength: 1.5, not 0.
        public static void LoopEndDefaultIsThePatternLength()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, ApplesTestPattern);
            Check.Near(1.5, AdvancedPlayer.GetLoopEnd(player), 1e-9, "GetLoopEnd of a new player");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
        }

        /// Apple's Test_AdvancedPlayer_PauseImmediate_Succeeds then Test_AdvancedPlayer_PauseFuture_Succeeds: the first
        /// registers while its only player is paused and destroys it (its TearDown), the second pauses a new player and
        /// expects no NotifyWhenPlayersFinished answer. The destroyed paused player's end used to answer the first
        /// registration, during the second test.
        public static void DestroyedPausedPlayerAnswersNoEarlierRegistration()
        {
            var engine = Session.StartedEngine();
            var first = Make(engine, ApplesTestPattern);
            AdvancedPlayer.Start(first, 0, Callbacks.OnError);
            Session.Pace(0.2);
            AdvancedPlayer.Pause(first, 0, Callbacks.OnError);
            Engine.NotifyWhenPlayersFinished(engine, true, Callbacks.OnAllPlayersFinished, Callbacks.OnError);
            Session.Pace(0.5);
            Check.Equal(0, Callbacks.AllFinished(engine), "answers while the player is paused");
            AdvancedPlayer.Destroy(first);
            var second = Make(engine, ApplesTestPattern);
            AdvancedPlayer.Start(second, 0, Callbacks.OnError);
            Session.Pace(0.2);
            AdvancedPlayer.Pause(second, 1f, Callbacks.OnError); // an engine time long past: now
            Session.Pace(1.5);
            Check.NoErrors("Start, Pause, NotifyWhenPlayersFinished");
            Check.Equal(0, Callbacks.AllFinished(engine), "answers after the paused player was destroyed");
            // The registration is answered by the next player that finishes.
            AdvancedPlayer.Resume(second, 0, Callbacks.OnError);
            Check.That(Callbacks.WaitFor(() => Callbacks.AllFinished(engine) > 0, 30), "no answer once a player finished");
            AdvancedPlayer.Destroy(second);
            Engine.Destroy(engine);
        }

        public static void PauseResumeSeek()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.6));
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            AdvancedPlayer.Pause(player, 0, Callbacks.OnError);
            Check.NoErrors("Start, Pause");
            Session.Pace(1.0); // longer than the pattern: paused, it must not finish
            Check.Equal(0, Callbacks.Completions(player), "completions while paused");
            AdvancedPlayer.Seek(player, 0.5f, Callbacks.OnError);
            AdvancedPlayer.Resume(player, 0, Callbacks.OnError);
            Check.NoErrors("Seek, Resume");
            Check.That(Callbacks.WaitFor(() => Callbacks.Completions(player) > 0, 30), "no completion after Resume");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
        }

        public static void MuteAndSendParameters()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.3));
            AdvancedPlayer.SetIsMuted(player, true);
            Check.Equal(true, AdvancedPlayer.GetIsMuted(player), "GetIsMuted");
            AdvancedPlayer.SetIsMuted(player, false);
            Check.Equal(false, AdvancedPlayer.GetIsMuted(player), "GetIsMuted");
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Session.Send(request => AdvancedPlayer.SendParameters(player, request, Callbacks.OnError), 1 /* HapticSharpnessControl */, 0.5f, 0);
            Check.NoErrors("Start, SendParameters");
            Check.That(Callbacks.WaitFor(() => Callbacks.Completions(player) > 0, 30), "no completion");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
        }

        public static void RegisterCompletionHandlerReplacesIt()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.2));
            AdvancedPlayer.RegisterCompletionHandler(player, Callbacks.OnReplacedCompletion, Callbacks.OnError);
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("RegisterCompletionHandler, Start");
            Check.That(Callbacks.WaitFor(() => Callbacks.ReplacedCompletions(player) > 0, 30), "the new handler was not called");
            Check.Equal(0, Callbacks.Completions(player), "calls of the replaced handler");
            AdvancedPlayer.Destroy(player);
            Engine.Destroy(engine);
        }

        /// CoreHapticsWrapper_SetLogging: the library's lines reach a C# callback, the C ABI's own (a refused rate, an
        /// error with no error callback) and the engine's, through swift-log (the library's backend in a C# process).
        public static void LogLinesReachACallback()
        {
            var engine = Session.StartedEngine();
            Logging.SetLogging("notice:all", Callbacks.OnLog, IntPtr.Zero);
            try
            {
                var player = Make(engine, Patterns.Continuous(1.5));
                AdvancedPlayer.SetPlaybackRate(player, -5f);
                Check.That(Engine.MakePlayer(engine, "{\"Pattern\": [", null) == IntPtr.Zero, "MakePlayer of bad AHAP returned a player");
                // Lines reach the callback on the library's callback thread: wait for them (a busy machine delays it).
                Check.That(Callbacks.WaitFor(() => Callbacks.LogLines().Exists(l => l.Key == Logging.Warning && l.Value.Contains("ignored playbackRate -5")), 10),
                    "no warning for the refused rate: " + string.Join(" | ", Callbacks.LogLines().ConvertAll(l => l.Value)));
                Check.That(Callbacks.WaitFor(() => Callbacks.LogLines().Exists(l => l.Value.Contains("CoreHaptics_CHHapticEngine_MakePlayer: error -4814 (no error callback was given)")), 10),
                    "the error of a call with no error callback was not logged");
                // Two loud continuous events at once clip the output: the engine says so (notice), within its 1 s report.
                Engine.PlayPatternFromJson(engine, Patterns.Continuous(1.5), Callbacks.OnError);
                AdvancedPlayer.Start(player, 0, Callbacks.OnError);
                Check.NoErrors("PlayPatternFromJson, Start");
                Check.That(Callbacks.WaitFor(() => Callbacks.LogLines().Exists(l => l.Value.StartsWith("OpenCoreHaptics.engine: ")), 10),
                    "no line of the engine's reached the callback");
                AdvancedPlayer.Destroy(player);
            }
            finally { Logging.SetLogging(null, null, IntPtr.Zero); }
            Engine.Destroy(engine);
        }

        public static void DestroyedPlayerCallsNoHandler()
        {
            var engine = Session.StartedEngine();
            var player = Make(engine, Patterns.Continuous(0.3));
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            AdvancedPlayer.Destroy(player);
            Check.NoErrors("Start, Destroy");
            Session.Pace(0.8); // past the pattern's end
            Check.Equal(0, Callbacks.Completions(player), "completions after Destroy");
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.OneError("Start of a destroyed advanced player", CHErrorCode.InvalidEnginePointer, player);
            AdvancedPlayer.SetLoopEnabled(player, true);
            Check.Equal(false, AdvancedPlayer.GetLoopEnabled(player), "GetLoopEnabled of a destroyed player");
            Engine.Destroy(engine);
        }
    }
}
