// Bad input from the caller: null, destroyed and wrong-kind handles, malformed AHAP, NaN and huge numbers, null
// pointers inside structs. Each must come back as an error callback (on the calling thread, before the call returns,
// with a known code, a message and the pointer the plug-in routes by) or be ignored; never a crash.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace OpenCoreHaptics.UnityTests
{
    public static class ErrorTests
    {
        public static void NullEngine()
        {
            var none = IntPtr.Zero;
            Engine.Start(none, Callbacks.OnError);
            Check.OneError("Start(null)", CHErrorCode.InvalidEnginePointer, none);
            Engine.Stop(none, Callbacks.OnError);
            Check.OneError("Stop(null)", CHErrorCode.InvalidEnginePointer, none);
            Check.Equal(IntPtr.Zero, Engine.MakePlayer(none, Patterns.Transient, Callbacks.OnError), "MakePlayer(null)");
            Check.OneError("MakePlayer(null)", CHErrorCode.InvalidEnginePointer, none);
            Check.Equal(IntPtr.Zero, Engine.MakeAdvancedPlayer(none, Patterns.Transient, Callbacks.OnCompletion, Callbacks.OnError), "MakeAdvancedPlayer(null)");
            Check.OneError("MakeAdvancedPlayer(null)", CHErrorCode.InvalidEnginePointer, none);
            Engine.PlayPatternFromJson(none, Patterns.Transient, Callbacks.OnError);
            Check.OneError("PlayPatternFromJson(null)", CHErrorCode.InvalidEnginePointer, none);
            Engine.NotifyWhenPlayersFinished(none, false, Callbacks.OnAllPlayersFinished, Callbacks.OnError);
            Check.OneError("NotifyWhenPlayersFinished(null)", CHErrorCode.InvalidEnginePointer, none);
            Check.Equal(0.0, Engine.Get_CurrentTime(none), "CurrentTime(null)");
            Check.Equal(false, Engine.Get_IsMutedForAudio(none), "IsMutedForAudio(null)");
            Engine.Set_IsMutedForHaptics(none, true);
            Engine.Set_PlaysHapticsOnly(none, true);
            Engine.Destroy(none);
            Engine.Start(none, null); // no callback to report through: ignored
            Check.NoErrors("calls without a callback");
        }

        public static void DestroyedEngineAndItsPlayers()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(2), Callbacks.OnError);
            var advanced = Engine.MakeAdvancedPlayer(engine, Patterns.Continuous(2), Callbacks.OnCompletion, Callbacks.OnError);
            Player.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("before Destroy");
            Engine.Destroy(engine);
            Engine.Start(engine, Callbacks.OnError);
            Check.OneError("Start of a destroyed engine", CHErrorCode.InvalidEnginePointer, engine);
            Check.Equal(IntPtr.Zero, Engine.MakePlayer(engine, Patterns.Transient, Callbacks.OnError), "MakePlayer on a destroyed engine");
            Check.OneError("MakePlayer on a destroyed engine", CHErrorCode.InvalidEnginePointer, engine);
            Player.Start(player, 0, Callbacks.OnError);
            Check.OneError("Start of a player of a destroyed engine", CHErrorCode.InvalidEnginePointer, player);
            AdvancedPlayer.Pause(advanced, 0, Callbacks.OnError);
            Check.OneError("Pause of a player of a destroyed engine", CHErrorCode.InvalidEnginePointer, advanced);
            Engine.Destroy(engine); // twice
            Player.Destroy(player);
            AdvancedPlayer.Destroy(advanced);
            Check.NoErrors("destroying twice");
        }

        public static void WrongKindOfHandle()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Transient, Callbacks.OnError);
            Engine.Start(player, Callbacks.OnError);
            Check.OneError("Engine Start with a player handle", CHErrorCode.InvalidEnginePointer, player);
            Player.Start(engine, 0, Callbacks.OnError);
            Check.OneError("Player Start with an engine handle", CHErrorCode.InvalidEnginePointer, engine);
            AdvancedPlayer.Start(player, 0, Callbacks.OnError);
            Check.OneError("AdvancedPlayer Start with a plain player", CHErrorCode.InvalidEnginePointer, player);
            var forged = new IntPtr(0x7f00deadbeefL);
            Player.Stop(forged, 0, Callbacks.OnError);
            Check.OneError("Stop with a forged handle", CHErrorCode.InvalidEnginePointer, forged);
            Engine.Destroy(player); // a player is not an engine: ignored, the player stays usable
            Player.Start(player, 0, Callbacks.OnError);
            Check.NoErrors("the player after Engine.Destroy(player)");
            Player.Destroy(player);
            Engine.Destroy(engine);
        }

        static void ExpectPatternError(IntPtr engine, string text, string what)
        {
            var started = DateTime.UtcNow;
            Check.Equal(IntPtr.Zero, Engine.MakePlayer(engine, text, Callbacks.OnError), "MakePlayer of " + what);
            var error = Check.OneError("MakePlayer of " + what);
            Check.Equal(engine, error.Pointer, "MakePlayer of " + what + ": the error's pointer");
            Check.That(error.Code != 0 && error.Code != CHErrorCode.InvalidEnginePointer, "MakePlayer of " + what + ": code " + error.Code);
            Check.Equal(IntPtr.Zero, Engine.MakeAdvancedPlayer(engine, text, Callbacks.OnCompletion, Callbacks.OnError), "MakeAdvancedPlayer of " + what);
            Check.Equal(engine, Check.OneError("MakeAdvancedPlayer of " + what).Pointer, "MakeAdvancedPlayer of " + what + ": pointer");
            Engine.PlayPatternFromJson(engine, text, Callbacks.OnError);
            Check.Equal(engine, Check.OneError("PlayPatternFromJson of " + what).Pointer, "PlayPatternFromJson of " + what + ": pointer");
            Console.WriteLine("  {0}: error {1} ({2:F2} s for the three calls): {3}", what, error.Code,
                (DateTime.UtcNow - started).TotalSeconds, error.Message);
        }

        public static void MalformedPatterns()
        {
            var engine = Session.StartedEngine();
            ExpectPatternError(engine, "{\"Pattern\": [", "truncated JSON");
            ExpectPatternError(engine, "", "empty text");
            ExpectPatternError(engine, null, "a null string");
            ExpectPatternError(engine, "[1, 2, 3]", "a JSON array");
            ExpectPatternError(engine, "{\"Pattern\": 5}", "a Pattern that is a number");
            ExpectPatternError(engine, "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticBuzz\"}}]}", "an unknown event type");
            ExpectPatternError(engine, "{\"Pattern\": [{\"Event\": {\"Time\": 1e999, \"EventType\": \"HapticTransient\"}}]}", "a huge time");
            ExpectPatternError(engine, "{\"Pattern\": [{\"Event\": {\"Time\": -5, \"EventType\": \"HapticTransient\"}}]}", "a negative time");
            // A continuous event longer than 30 s is capped, as Core Haptics does, not refused.
            var capped = Engine.MakePlayer(engine, Patterns.Continuous(1e300), Callbacks.OnError);
            Check.NoErrors("MakePlayer of a 1e300 s continuous event");
            Check.That(capped != IntPtr.Zero, "MakePlayer of a 1e300 s continuous event returned null");
            Player.Destroy(capped);
            ExpectPatternError(engine, new string('[', 100000) + new string(']', 100000), "100 000 nested arrays");
            var large = new StringBuilder("{\"Pattern\": [");
            for (int i = 0; i < 200000; i++) large.Append("{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}},");
            large.Append("]}"); // the trailing comma makes it invalid after 7 MB of events
            ExpectPatternError(engine, large.ToString(), "7 MB of events with a trailing comma");
            // The engine is still usable after all of it.
            Engine.PlayPatternFromJson(engine, Patterns.Transient, Callbacks.OnError);
            Check.NoErrors("a good pattern after the bad ones");
            Engine.Destroy(engine);
        }

        /// Runs a call that takes bad numbers: it may report one error (with a code, message and the handle) or ignore
        /// them, and the engine must survive it.
        static void Tolerated(string what, IntPtr handle, Action call)
        {
            call();
            var errors = Callbacks.TakeErrors();
            Check.That(errors.Count <= 1, what + ": " + errors.Count + " error callbacks");
            if (errors.Count == 1)
            {
                Check.That(!string.IsNullOrEmpty(errors[0].Message) && CHErrorCode.IsKnown(errors[0].Code), what + ": " + errors[0]);
                Check.Equal(handle, errors[0].Pointer, what + ": the error's pointer");
            }
            Console.WriteLine("  {0}: {1}", what, errors.Count == 1 ? errors[0].ToString() : "ignored");
        }

        public static void AbsurdNumbers()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(0.3), Callbacks.OnError);
            var advanced = Engine.MakeAdvancedPlayer(engine, Patterns.Continuous(0.3), Callbacks.OnCompletion, Callbacks.OnError);
            Check.NoErrors("MakePlayer");
            foreach (var time in new[] { float.NaN, float.PositiveInfinity, float.NegativeInfinity, -1e30f, 1e30f, float.MaxValue })
            {
                Tolerated("Player.Start(" + time + ")", player, () => Player.Start(player, time, Callbacks.OnError));
                Tolerated("Player.Stop(" + time + ")", player, () => Player.Stop(player, time, Callbacks.OnError));
                Tolerated("AdvancedPlayer.Seek(" + time + ")", advanced, () => AdvancedPlayer.Seek(advanced, time, Callbacks.OnError));
                Tolerated("AdvancedPlayer.Pause(" + time + ")", advanced, () => AdvancedPlayer.Pause(advanced, time, Callbacks.OnError));
                Tolerated("AdvancedPlayer.Resume(" + time + ")", advanced, () => AdvancedPlayer.Resume(advanced, time, Callbacks.OnError));
                Tolerated("SendParameters at " + time, player,
                    () => Session.Send(request => Player.SendParameters(player, request, Callbacks.OnError), 0, 0.5f, time));
                Tolerated("SendParameters of value " + time, player,
                    () => Session.Send(request => Player.SendParameters(player, request, Callbacks.OnError), 0, time, 0));
            }
            foreach (var id in new[] { -1, 12, 999, int.MinValue, int.MaxValue })
                Tolerated("SendParameters of parameter " + id, player,
                    () => Session.Send(request => Player.SendParameters(player, request, Callbacks.OnError), id, 0.5f, 0));
            // Null or lying pointers inside the structs: an error, never a read through them.
            Player.SendParameters(player, new CHSendParametersRequest { Parameters = IntPtr.Zero, ParametersLength = 3 }, Callbacks.OnError);
            Check.OneError("SendParameters with null parameters and a length of 3");
            Session.Send(request => {
                request.ParametersLength = -5;
                Player.SendParameters(player, request, Callbacks.OnError);
            }, 0, 0.5f, 0);
            Check.OneError("SendParameters with a negative length");
            var curve = new CHHapticParameterCurveRequest { ParameterID = 0, Time = 0, Points = IntPtr.Zero, PointsLength = 4 };
            Player.ScheduleParameterCurve(player, curve, 0, Callbacks.OnError);
            Check.OneError("ScheduleParameterCurve with null points and a length of 4");
            var points = new[] { new CHCurveControlPoint { Time = 0, Value = 1 }, new CHCurveControlPoint { Time = 0.1f, Value = 0 } };
            var pin = GCHandle.Alloc(points, GCHandleType.Pinned);
            try
            {
                foreach (var time in new[] { double.NaN, double.PositiveInfinity, -1e300, 1e300 })
                {
                    curve = new CHHapticParameterCurveRequest { ParameterID = 0, Time = time, Points = pin.AddrOfPinnedObject(), PointsLength = 2 };
                    Tolerated("ScheduleParameterCurve at relative time " + time, player, () => Player.ScheduleParameterCurve(player, curve, 0, Callbacks.OnError));
                    Tolerated("ScheduleParameterCurve at engine time " + time, player, () => Player.ScheduleParameterCurve(player, curve, (float)time, Callbacks.OnError));
                }
                points[1].Value = float.NaN;
                curve = new CHHapticParameterCurveRequest { ParameterID = 0, Time = 0, Points = pin.AddrOfPinnedObject(), PointsLength = 2 };
                Tolerated("ScheduleParameterCurve with a NaN point", player, () => Player.ScheduleParameterCurve(player, curve, 0, Callbacks.OnError));
            }
            finally { pin.Free(); }
            Check.Equal(0.0, Engine.Get_CurrentTime(new IntPtr(-1)), "CurrentTime of handle -1");
            // Still alive and playing.
            Player.Stop(player, 0, Callbacks.OnError);
            AdvancedPlayer.Stop(advanced, 0, Callbacks.OnError);
            Callbacks.TakeErrors();
            var fresh = Engine.MakePlayer(engine, Patterns.Transient, Callbacks.OnError);
            Player.Start(fresh, 0, Callbacks.OnError);
            Check.NoErrors("a good player afterwards");
            Player.Destroy(fresh);
            Player.Destroy(player);
            AdvancedPlayer.Destroy(advanced);
            Engine.Destroy(engine);
        }
    }
}
