// What the tests share: AHAP text, an engine to play on, waiting, and the engines' WAV recordings read back.
using System;
using System.Globalization;
using System.IO;
using System.Threading;

namespace OpenCoreHaptics.UnityTests
{
    public static class Patterns
    {
        /// One continuous haptic event from time 0.
        public static string Continuous(double duration, double intensity, double sharpness)
        {
            return string.Format(CultureInfo.InvariantCulture,
                "{{\"Version\": 1.0, \"Pattern\": [{{\"Event\": {{\"Time\": 0.0, \"EventType\": \"HapticContinuous\", " +
                "\"EventDuration\": {0}, \"EventParameters\": [{{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": {1}}}, " +
                "{{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": {2}}}]}}}}]}}", duration, intensity, sharpness);
        }

        public static string Continuous(double duration) { return Continuous(duration, 1.0, 0.4); }

        /// One transient at time 0.
        public static readonly string Transient =
            "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticTransient\", " +
            "\"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}]}}]}";
    }

    public static class Session
    {
        static readonly System.Collections.Generic.List<IntPtr> engines = new System.Collections.Generic.List<IntPtr>();

        /// A created and started engine (no error expected).
        public static IntPtr StartedEngine()
        {
            var engine = Engine.Create(Callbacks.OnCreateError, Callbacks.OnStopped, Callbacks.OnReset);
            engines.Add(engine);
            Check.NoErrors("Create");
            Check.That(engine != IntPtr.Zero, "Create returned a null engine");
            Engine.Start(engine, Callbacks.OnError);
            Check.NoErrors("Start");
            return engine;
        }

        /// Destroys the engines a failed test left alive (a live engine's clock is never 0), so that the next test
        /// records to the HAPTIC_DEVICE path again; returns how many there were.
        public static int DestroyLeftovers()
        {
            int left = 0;
            foreach (var engine in engines)
            {
                if (engine == IntPtr.Zero || Engine.Get_CurrentTime(engine) == 0) continue;
                Engine.Destroy(engine);
                left++;
            }
            engines.Clear();
            return left;
        }

        /// Waits for every player of the engine to finish (NotifyWhenPlayersFinished, engine left running).
        public static void WaitUntilFinished(IntPtr engine, double seconds)
        {
            int before = Callbacks.AllFinished(engine);
            Engine.NotifyWhenPlayersFinished(engine, true, Callbacks.OnAllPlayersFinished, Callbacks.OnError);
            Check.NoErrors("NotifyWhenPlayersFinished");
            Check.That(Callbacks.WaitFor(() => Callbacks.AllFinished(engine) > before, seconds),
                string.Format("the players did not finish within {0} s", seconds));
        }

        /// pacing: lets real time pass while something plays (the engine runs on the wall clock).
        public static void Pace(double seconds)
        {
            Thread.Sleep(TimeSpan.FromSeconds(seconds));
        }

        /// A pinned send request for one dynamic parameter.
        public static void Send(Action<CHSendParametersRequest> send, int parameterId, float value, float atTime)
        {
            var parameters = new[] { new CHSendParameter { ParameterID = parameterId, RelativeTime = 0, Value = value } };
            var pin = System.Runtime.InteropServices.GCHandle.Alloc(parameters, System.Runtime.InteropServices.GCHandleType.Pinned);
            try
            {
                send(new CHSendParametersRequest { Parameters = pin.AddrOfPinnedObject(), ParametersLength = 1, AtTime = atTime });
            }
            finally { pin.Free(); }
        }
    }

    /// An engine's recording (HAPTIC_DEVICE=wav:<path>): 32-bit float, channel 0 the actuator drive.
    public sealed class Recording
    {
        public float[] Drive;
        public int Rate;

        public static string PathFromEnvironment()
        {
            var device = Environment.GetEnvironmentVariable("HAPTIC_DEVICE");
            if (device == null || !device.StartsWith("wav:", StringComparison.Ordinal))
                throw new Skipped("needs HAPTIC_DEVICE=wav:<path> to read what the engine played");
            return device.Substring(4);
        }

        /// Reads the recording of the last engine (call after destroying it).
        public static Recording Read()
        {
            var path = PathFromEnvironment();
            Check.That(File.Exists(path), "no recording at " + path);
            var bytes = File.ReadAllBytes(path);
            Check.That(bytes.Length >= 12 && bytes[0] == 'R' && bytes[8] == 'W', path + " is not a WAV file");
            int offset = 12, channels = 0, rate = 0;
            while (offset + 8 <= bytes.Length)
            {
                var chunk = System.Text.Encoding.ASCII.GetString(bytes, offset, 4);
                int size = BitConverter.ToInt32(bytes, offset + 4);
                if (size < 0 || offset + 8 + size > bytes.Length) size = bytes.Length - offset - 8;
                if (chunk == "fmt ")
                {
                    int tag = BitConverter.ToUInt16(bytes, offset + 8);
                    channels = BitConverter.ToUInt16(bytes, offset + 10);
                    rate = BitConverter.ToInt32(bytes, offset + 12);
                    int bits = BitConverter.ToUInt16(bytes, offset + 22);
                    Check.That((tag == 3 || tag == 0xFFFE) && bits == 32 && channels > 0, "the recording is not 32-bit float");
                }
                else if (chunk == "data")
                {
                    Check.That(channels > 0, "the recording has data before its format");
                    int frames = size / (4 * channels);
                    var drive = new float[frames];
                    for (int i = 0; i < frames; i++) drive[i] = BitConverter.ToSingle(bytes, offset + 8 + i * 4 * channels);
                    return new Recording { Drive = drive, Rate = rate };
                }
                offset += 8 + size + (size & 1);
            }
            throw new AssertionFailed(path + " has no data chunk");
        }

        public float Peak()
        {
            float peak = 0;
            foreach (var v in Drive) peak = Math.Max(peak, Math.Abs(v));
            return peak;
        }

        /// The first time the drive passes 5 % of its peak, in seconds.
        public double Onset()
        {
            float threshold = 0.05f * Peak();
            for (int i = 0; i < Drive.Length; i++) if (Math.Abs(Drive[i]) > threshold && threshold > 0) return (double)i / Rate;
            throw new AssertionFailed("the recording is silent");
        }

        /// The drive's RMS between two times, in seconds.
        public double Rms(double start, double end)
        {
            int from = Math.Max(0, (int)(start * Rate)), to = Math.Min(Drive.Length, (int)(end * Rate));
            if (to <= from) return 0;
            double sum = 0;
            for (int i = from; i < to; i++) sum += Drive[i] * Drive[i];
            return Math.Sqrt(sum / (to - from));
        }

        public double Seconds { get { return (double)Drive.Length / Rate; } }
    }
}
