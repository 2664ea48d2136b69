// The match viewer: draws any game's board from its layout and steps through frames.
//
// A frame is what engines/spectate.py makes: {events: [sentences], board: {places: {id:
// {owner, count, marks}} (only the places that changed), seats: [{label: value}], lines: []}}.
// A finished match's frames come from data-frames-url at once; a running match's arrive from
// the server-sent events of data-live-url ("frame", "reset", "end"). Every text is set with
// textContent: bot names are users' input.
"use strict";

(function () {
  const SEAT_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];
  const NOBODY = "#c7ccd6";
  const SVG = "http://www.w3.org/2000/svg";

  const root = document.getElementById("viewer");
  if (!root) return;
  const layout = JSON.parse(document.getElementById("layout").textContent);
  const players = JSON.parse(document.getElementById("players").textContent);
  const svg = root.querySelector("svg.board");
  const slider = root.querySelector("input[type=range]");
  const speed = root.querySelector("select");
  const playButton = root.querySelector("[data-step=play]");
  const position = root.querySelector(".position");
  const status = root.querySelector(".status");
  const log = root.querySelector("ol.log");
  const seatList = root.querySelector("ul.seats");
  const lines = root.querySelector("p.lines");

  const frames = [];   // as received
  const states = [];   // states[i]: every place after frame i (diffs applied)
  const logItems = []; // logItems[i]: the log entries of frame i
  let current = -1;
  let timer = null;
  let result = null;

  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function colour(owner) {
    return owner === null || owner === undefined ? NOBODY : SEAT_COLOURS[owner % SEAT_COLOURS.length];
  }

  // The board: links under places; each place a circle, its count, its name and its marks.
  const spots = {};
  const linkLayer = el("g", { class: "links" }, svg);
  const placeLayer = el("g", { class: "places" }, svg);
  for (const [a, b, kind] of layout.links) {
    const p = layout.places[a], q = layout.places[b];
    if (!p || !q) continue;
    if (Math.abs(p.x - q.x) > layout.width / 2) {
      // A link round the back of the world (Alaska–Kamchatka): off each edge of the map.
      const [west, east] = p.x < q.x ? [p, q] : [q, p];
      const y = (west.y + east.y) / 2;
      const box = svg.viewBox.baseVal;
      el("line", { x1: west.x, y1: west.y, x2: box.x, y2: y, class: "link " + kind }, linkLayer);
      el("line", { x1: east.x, y1: east.y, x2: box.x + box.width, y2: y, class: "link " + kind }, linkLayer);
      continue;
    }
    el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "link " + kind }, linkLayer);
  }
  for (const [id, spot] of Object.entries(layout.places)) {
    const group = el("g", { class: "place", "data-place": id }, placeLayer);
    const title = el("title", {}, group);
    const circle = el("circle", { cx: spot.x, cy: spot.y, r: 15, fill: NOBODY }, group);
    const count = el("text", { x: spot.x, y: spot.y + 4, class: "count" }, group);
    const name = el("text", { x: spot.x, y: spot.y + 27 }, group);
    name.textContent = spot.name;
    const marks = el("text", { x: spot.x, y: spot.y - 19, class: "mark" }, group);
    spots[id] = { group, title, circle, count, marks, name: spot.name };
  }

  function seatName(owner) {
    return owner === null || owner === undefined ? "nobody" : (players[owner] || "seat " + owner);
  }

  function addFrame(frame) {
    const before = states.length ? states[states.length - 1] : {};
    states.push(Object.assign({}, before, frame.board.places));
    frames.push(frame);
    const items = [];
    for (const sentence of frame.events) {
      const item = document.createElement("li");
      item.textContent = sentence;
      item.dataset.frame = String(frames.length - 1);
      log.appendChild(item);
      items.push(item);
    }
    logItems.push(items);
    slider.max = String(frames.length - 1);
  }

  function show(index) {
    if (!frames.length) return;
    index = Math.max(0, Math.min(index, frames.length - 1));
    const places = states[index];
    const changed = frames[index].board.places;
    for (const [id, spot] of Object.entries(spots)) {
      const place = places[id] || { owner: null, count: 0, marks: [] };
      spot.circle.setAttribute("fill", colour(place.owner));
      spot.count.textContent = place.count ? String(place.count) : "";
      spot.marks.textContent = place.marks.join(" ");
      spot.title.textContent = spot.name + ": " + seatName(place.owner) +
        (place.count ? ", " + place.count : "") +
        (place.marks.length ? " (" + place.marks.join(", ") + ")" : "");
      spot.group.classList.toggle("changed", index > 0 && id in changed);
    }
    showSeats(frames[index].board);
    lines.textContent = frames[index].board.lines.join(" · ");
    if (current >= 0 && logItems[current]) logItems[current].forEach((i) => i.classList.remove("current"));
    logItems[index].forEach((i) => i.classList.add("current"));
    if (logItems[index].length) logItems[index][0].scrollIntoView({ block: "nearest" });
    current = index;
    slider.value = String(index);
    position.textContent = "frame " + (index + 1) + " of " + frames.length;
  }

  function showSeats(board) {
    seatList.textContent = "";
    players.forEach((name, seat) => {
      const item = document.createElement("li");
      const dot = document.createElement("span");
      dot.className = "seat-dot";
      dot.style.background = colour(seat);
      item.appendChild(dot);
      let text = name;
      const facts = board.seats[seat] || {};
      const parts = Object.entries(facts).map(([label, value]) => label + " " + value);
      if (parts.length) text += " — " + parts.join(", ");
      if (result && current === frames.length - 1) text += " — place " + result.placements[seat];
      item.appendChild(document.createTextNode(text));
      seatList.appendChild(item);
    });
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = "▶ Play";
    playButton.setAttribute("aria-label", "Play");
  }

  function play() {
    if (current >= frames.length - 1 && mode === "replay") show(0);
    playButton.textContent = "❚❚ Pause";
    playButton.setAttribute("aria-label", "Pause");
    timer = setInterval(() => {
      if (current < frames.length - 1) show(current + 1);
      else if (mode === "replay" || result) stop();
    }, Number(speed.value));
  }

  const steps = {
    first: () => show(0),
    prev: () => show(current - 1),
    next: () => show(current + 1),
    last: () => show(frames.length - 1),
    play: () => (timer === null ? play() : stop()),
  };
  root.querySelectorAll("[data-step]").forEach((button) => {
    button.addEventListener("click", () => {
      if (button.dataset.step !== "play") stop();
      steps[button.dataset.step]();
    });
  });
  slider.addEventListener("input", () => { stop(); show(Number(slider.value)); });
  speed.addEventListener("change", () => { if (timer !== null) { stop(); play(); } });
  log.addEventListener("click", (event) => {
    const frame = event.target.dataset && event.target.dataset.frame;
    if (frame !== undefined) { stop(); show(Number(frame)); }
  });
  root.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") return;
    const key = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", " ": "play" }[event.key];
    if (!key) return;
    event.preventDefault();
    if (key !== "play") stop();
    steps[key]();
  });

  function finish(end) {
    result = end;
    const winners = result && result.winners && result.winners.length
      ? result.winners.map(seatName).join(", ") : "nobody";
    status.textContent = result
      ? "Ended: " + result.reason + (result.detail ? " (" + result.detail + ")" : "") + ". Winner: " + winners + "."
      : "The match stopped on an error.";
    if (current === frames.length - 1) show(current);
  }

  const mode = root.dataset.mode;
  if (mode === "replay") {
    fetch(root.dataset.framesUrl, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error("the replay could not be loaded (" + response.status + ")");
        return response.json();
      })
      .then((data) => {
        data.frames.forEach(addFrame);
        show(0);
        finish(data.result);
      })
      .catch((error) => { status.textContent = error.message; });
  } else {
    status.textContent = "Waiting for the match…";
    const source = new EventSource(root.dataset.liveUrl);
    source.addEventListener("frame", (event) => {
      const following = current === frames.length - 1;
      addFrame(JSON.parse(event.data));
      status.textContent = "Live.";
      if (following) show(frames.length - 1);
    });
    source.addEventListener("reset", () => {
      stop();
      frames.length = 0; states.length = 0; logItems.length = 0; current = -1;
      log.textContent = "";
      status.textContent = "The match started again.";
    });
    source.addEventListener("end", (event) => {
      source.close();
      const end = JSON.parse(event.data || "null");
      if (!frames.length) {
        // Nothing was streamed (the match ended before we came): watch its replay.
        root.dataset.mode = "replay";
        window.location.reload();
        return;
      }
      finish(end && end.result !== undefined ? end.result : end);
    });
  }
})();
