"""The studio page's "trust" checks (issue 21), run by studio-browser-test.py after its first round: work is never
lost or overwritten unasked, and editing does what it shows.

Save-as keeps the typed name and leaves the original untouched; a new pattern opens fitted and keeps its typed name;
the unsaved mark comes with an edit and goes with the save; saving or exporting onto another existing file asks in the
page (no keeps the file, yes replaces it); a double-click on an event selects it and adds nothing, on an empty lane
adds exactly one event (10 of 10); rubber band, Shift-click, Ctrl+C/Ctrl+V/Ctrl+D, Delete and undo; the metadata
fields edit the pattern's Metadata; the sharpness-offset lane has its own labelled scale; import from audio sends its
options (transients only gives only transients) and fits the new pattern; a game controller output plays and its
recording has the onset.
"""
import json
import os
import time

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


class Page:
    """The studio page as a person uses it: clicks at times on lanes, keys, the file box; and the model, read back."""

    def __init__(self, driver):
        self.driver = driver
        self.wait = WebDriverWait(driver, 20)

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def pattern(self):
        return self.driver.execute_script("return window.studioProbe.pattern()")

    def events(self, kind=None):
        entries = self.pattern()["Pattern"]
        return [e["Event"] for e in entries if "Event" in e and (kind is None or e["Event"]["EventType"] == kind)]

    def selected(self):
        return self.driver.execute_script("return window.studioProbe.selected()")

    def window(self):
        return self.driver.execute_script("return window.studioProbe.window()")

    def settle(self):
        """Waits for the next two animation frames (a redraw) to have happened."""
        self.driver.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")

    def lane_point(self, lane, seconds, fraction=0.5):
        """The offset from the SVG's centre of `seconds` on `lane`, `fraction` of the way down it (read in one go: a
        redraw replaces the lanes' elements)."""
        svg = self.find("#timeline")
        g = self.driver.execute_script("""
            const svg = document.getElementById('timeline');
            const box = svg.getBoundingClientRect();
            const lane = svg.querySelector(`rect[data-lane="${arguments[0]}"]`).getBoundingClientRect();
            return { x0: Number(svg.dataset.x0), pps: Number(svg.dataset.pixelsPerSecond), width: box.width,
              height: box.height, top: lane.top - box.top, laneHeight: lane.height };""", lane)
        y = g["top"] + g["laneHeight"] * fraction
        return svg, g["x0"] + seconds * g["pps"] - g["width"] / 2, y - g["height"] / 2

    def double_click_lane(self, lane, seconds):
        """A double-click as a hand makes one: two clicks 0.1 s apart (time for the page to redraw between them)."""
        svg, dx, dy = self.lane_point(lane, seconds)
        ActionChains(self.driver).move_to_element_with_offset(svg, dx, dy).click().pause(0.1).click().perform()

    def click_lane(self, lane, seconds, fraction=0.5):
        svg, dx, dy = self.lane_point(lane, seconds, fraction)
        ActionChains(self.driver).move_to_element_with_offset(svg, dx, dy).click().perform()

    def keys(self, *keys, control=False):
        chain = ActionChains(self.driver)
        if control:
            chain.key_down(Keys.CONTROL)
        chain.send_keys(*keys)
        if control:
            chain.key_up(Keys.CONTROL)
        chain.perform()
        self.settle()

    def type_into(self, selector, text):
        # The inspector is rebuilt when an analysis arrives, except under a focused field: focus it, then type.
        for attempt in range(5):
            try:
                field = self.find(selector)
                field.click()
                break
            except StaleElementReferenceException:
                time.sleep(0.1)
        field = self.driver.switch_to.active_element
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(text, Keys.TAB)

    def status(self):
        return self.find("#status").text

    def confirm_open(self):
        return self.driver.execute_script("return document.getElementById('confirm-dialog').open")

    def answer(self, yes):
        self.wait.until(lambda d: self.confirm_open())
        self.find("#confirm-yes" if yes else "#confirm-no").click()
        self.wait.until(lambda d: not self.confirm_open())

    def dirty(self):
        return self.find("#dirty").is_displayed()

    def save(self):
        self.find("#save").click()


def run_trust(driver, args, check, read_wav, onset):
    page = Page(driver)
    wait = page.wait
    driver.get(args.url)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#timeline polygon.acceleration"))
    original_path = os.path.join(args.folder, args.pattern)
    original = open(original_path, "rb").read()

    # Save-as: type a new name, edit, save: the box keeps the name, the original file is untouched.
    check("the opened pattern is not marked unsaved", not page.dirty())
    page.type_into("#save-path", "copy.ahap")
    before = len(page.events())
    page.double_click_lane("transients", 0.15)
    wait.until(lambda d: len(page.events()) == before + 1)
    page.settle()
    check("an edit marks the pattern unsaved", page.dirty())
    check("an edit leaves the typed file name in the box", page.find("#save-path").get_attribute("value") == "copy.ahap",
          page.find("#save-path").get_attribute("value"))
    page.save()
    wait.until(lambda d: page.status().startswith("Saved copy.ahap"))
    copy = json.load(open(os.path.join(args.folder, "copy.ahap")))
    check("save-as writes the typed name and leaves the original untouched",
          open(original_path, "rb").read() == original and
          len([e for e in copy["Pattern"] if "Event" in e]) == before + 1, page.status())
    check("saving clears the unsaved mark", not page.dirty())

    # Saving onto another existing file asks first; no keeps it, yes replaces it. The same for an export.
    page.type_into("#save-path", args.pattern)
    page.double_click_lane("transients", 0.25)
    wait.until(lambda d: len(page.events()) == before + 2)
    page.save()
    page.answer(yes=False)
    wait.until(lambda d: page.status().startswith("Not saved"))
    check("saving onto another existing file asks, and no leaves it as it was", open(original_path, "rb").read() == original)
    page.save()
    page.answer(yes=True)
    wait.until(lambda d: page.status().startswith(f"Saved {args.pattern}"))
    replaced = json.load(open(original_path))
    check("yes replaces it", len([e for e in replaced["Pattern"] if "Event" in e]) == before + 2)
    page.find("#export-open").click()
    page.find("#export-run").click()
    wait.until(lambda d: page.status().startswith("Exported"))
    exported = os.path.join(args.folder, page.find("#export-path").get_attribute("value"))
    first_export = open(exported, "rb").read()
    page.find("#export-run").click()
    page.answer(yes=False)
    wait.until(lambda d: page.status().startswith("Not exported"))
    page.find("#export-run").click()
    page.answer(yes=True)
    wait.until(lambda d: page.status().startswith("Exported"))
    check("exporting onto an existing file asks first", open(exported, "rb").read() == first_export,
          os.path.basename(exported))
    driver.execute_script("document.getElementById('export-dialog').close()")

    # Double-click on an event selects it and adds nothing.
    count = len(page.events())
    index = next(i for i, e in enumerate(page.pattern()["Pattern"]) if "Event" in e and e["Event"]["Time"] == 0.25)
    target = page.find(f'#timeline g[data-entry="{index}"] rect.hit')
    ActionChains(driver).move_to_element(target).click().pause(0.1).click().perform()
    page.settle()
    time.sleep(0.3)
    check("a double-click on an event selects it and adds nothing",
          len(page.events()) == count and page.selected() == [index], f"{count} → {len(page.events())}, {page.selected()}")

    # A new pattern: fitted, its typed name kept; ten double-clicks on an empty lane add ten events.
    page.find("#new-pattern").click()
    if page.confirm_open():
        page.answer(yes=True)
    wait.until(lambda d: page.events() == [])
    time.sleep(0.6)
    view = page.window()
    check("a new pattern opens fitted (about its first second shown)", view["end"] - view["start"] >= 0.9,
          f"{view['start']:.3f} … {view['end']:.3f} s")
    page.type_into("#save-path", "fresh.ahap")
    added = 0
    for n in range(10):
        page.double_click_lane("transients", 0.05 + 0.09 * n)
        try:
            WebDriverWait(driver, 3).until(lambda d: len(page.events()) == n + 1)
            added += 1
        except Exception:
            break
    time.sleep(0.3)
    check("a double-click on an empty lane adds one event every time", added == 10 and len(page.events()) == 10,
          f"{len(page.events())} events after {added} of 10 double-clicks")
    check("a new pattern keeps its typed name through edits", page.find("#save-path").get_attribute("value") == "fresh.ahap")

    # Selection: a rubber band, Shift-click; copy, paste, duplicate, delete, undo.
    svg, x1, y1 = page.lane_point("continuous", 0.02, 0.6)
    _, x2, y2 = page.lane_point("transients", 0.26, 0.5)
    ActionChains(driver).move_to_element_with_offset(svg, x1, y1).click_and_hold().move_by_offset(
        int(x2 - x1) // 2, int(y2 - y1) // 2).move_by_offset(int(x2 - x1) - int(x2 - x1) // 2,
                                                             int(y2 - y1) - int(y2 - y1) // 2).release().perform()
    page.settle()
    band = sorted(page.pattern()["Pattern"][i]["Event"]["Time"] for i in page.selected())
    check("a rubber band selects the events inside it", band == [0.05, 0.14, 0.23], f"{band}")
    page.keys("c", control=True)
    page.click_lane("continuous", 0.6)
    page.keys("v", control=True)
    times = sorted(e["Time"] for e in page.events())
    check("Ctrl+C, Ctrl+V pastes the copies at the cursor, selected",
          len(times) == 13 and all(t in times for t in (0.6, 0.69, 0.78)) and len(page.selected()) == 3, f"{times}")
    page.keys("d", control=True)
    check("Ctrl+D duplicates the selection after it", len(page.events()) == 16 and len(page.selected()) == 3,
          f"{sorted(e['Time'] for e in page.events())}")
    page.keys(Keys.DELETE)
    check("Delete removes every selected entry", len(page.events()) == 13 and page.selected() == [])
    page.keys("z", control=True)
    check("undo brings them back", len(page.events()) == 16)
    page.keys(Keys.ESCAPE)
    page.click_lane("transients", 0.05)
    page.settle()
    svg, dx, dy = page.lane_point("transients", 0.23)
    ActionChains(driver).key_down(Keys.SHIFT).move_to_element_with_offset(svg, dx, dy).click().key_up(Keys.SHIFT).perform()
    page.settle()
    check("Shift-click adds to the selection", page.selected() == [0, 2], f"{page.selected()}")

    # The sharpness offsets have their own labelled −1 … 1 scale.
    labels = [node.text for node in driver.find_elements(By.CSS_SELECTOR, 'text[data-scale="sharpness-offset"]')]
    check("sharpness offsets have their own labelled −1 … 1 scale", labels == ["+1", "0", "−1"], f"{labels}")

    # Metadata as fields.
    page.keys(Keys.ESCAPE)
    wait.until(lambda d: d.find_elements(By.ID, "meta-new-key"))
    page.find("#meta-new-key").send_keys("Project")
    page.find("#meta-new-value").send_keys("Trust")
    page.find("#meta-add").click()
    wait.until(lambda d: (page.pattern().get("Metadata") or {}).get("Project") == "Trust")
    page.type_into('#inspector input[data-meta="Project"]', "Trust, edited")
    wait.until(lambda d: (page.pattern().get("Metadata") or {}).get("Project") == "Trust, edited")
    page.save()
    wait.until(lambda d: page.status().startswith("Saved fresh.ahap"))
    fresh = json.load(open(os.path.join(args.folder, "fresh.ahap")))
    check("the metadata fields edit the pattern's Metadata (saved)", fresh.get("Metadata", {}).get("Project") == "Trust, edited",
          json.dumps(fresh.get("Metadata")))

    # Import from audio with options: transients only.
    page.find("#import-audio").click()
    wait.until(lambda d: d.execute_script("return document.getElementById('import-dialog').open"))
    driver.execute_script("""
        const pick = (id, value) => { const node = document.getElementById(id); node.value = value;
          node.dispatchEvent(new Event('change')); };
        pick('import-path', arguments[0]); pick('import-content', 'transientsOnly');""", args.sound)
    page.find("#import-run").click()
    wait.until(lambda d: page.status().startswith("Imported"))
    kinds = sorted({e["EventType"] for e in page.events()})
    check("import options reach the server (transients only gives only transients)",
          kinds == ["AudioCustom", "HapticTransient"], f"{kinds}, {len(page.events('HapticTransient'))} transients")
    time.sleep(0.6)
    view = page.window()
    last = max(e["Time"] for e in page.events("HapticTransient"))
    check("an imported pattern is fitted", view["start"] == 0 and last < view["end"] < 3 * last + 1,
          f"{view['start']:.3f} … {view['end']:.3f} s, last tap {last} s")

    if args.controller_wav:
        run_controller(page, args, check, read_wav, onset)


def run_controller(page, args, check, read_wav, onset):
    """Picks the simulated pad's output, plays a pattern with one tap, and finds its onset in the pad's recording."""
    driver, wait = page.driver, page.wait
    option = next((o for o in driver.find_elements(By.CSS_SELECTOR, "#output option")
                   if o.get_attribute("value").startswith("controller:")), None)
    check("the simulated game controller is offered as an output", option is not None,
          option.get_attribute("value") if option else "no controller: option")
    driver.execute_script("""
        const output = document.getElementById('output'); output.value = arguments[0];
        output.dispatchEvent(new Event('change'));""", option.get_attribute("value"))
    wait.until(lambda d: page.status().startswith("Output:") or "rror" in page.status())
    check("choosing the controller output is accepted", page.status().startswith("Output:"), page.status())
    page.find("#new-pattern").click()
    if page.confirm_open():
        page.answer(yes=True)
    wait.until(lambda d: page.events() == [])
    time.sleep(0.4)
    page.double_click_lane("transients", 0.3)
    wait.until(lambda d: len(page.events()) == 1)
    started = os.path.getsize(args.controller_wav) if os.path.exists(args.controller_wav) else 0
    page.find("#play").click()
    # One tap plays for a few milliseconds: the page may already say it finished when the wait first looks, so
    # either sign counts (the recording below proves where it played).
    def played(d):
        return ("playing" in d.find_element(By.ID, "play").get_attribute("class")
                or page.status() == "Playback finished")
    try:
        wait.until(lambda d: played(d) or d.find_element(By.ID, "status").get_attribute("class") == "error")
    except Exception:
        pass
    check("the pattern plays on the controller output", played(driver), f"status: {page.status()!r}")
    wait.until(lambda d: "playing" not in d.find_element(By.ID, "play").get_attribute("class"))
    time.sleep(0.3)
    # The pad records from when its output opens; nothing else played on it, so its first onset is the tap's.
    found = None
    channels, rate = read_wav(args.controller_wav, all_channels=True)
    for samples in channels:
        at = onset(samples, rate, 0.01)
        if at is not None and (found is None or at < found):
            found = at
    check("the controller's recording has the tap's onset", found is not None,
          f"onset {found if found is None else round(found, 4)} s in {len(channels[0]) / rate:.2f} s, "
          f"{len(channels)} channels, {started} bytes before play")
