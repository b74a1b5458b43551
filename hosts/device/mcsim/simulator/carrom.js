// The carrom table's control box as an mcsim device: the OLED's glass and the three buttons, small
// enough to be seen whole in mcsim's first window (640×480, where the SDK's M5Stack skin does not
// fit and its screen stays hidden), and a Keys field in the controls pane that turns typed a, b, c
// into presses, since mcsim on Linux hands no key to a device (only the macOS build does).
//
// Not part of the firmware: mcsim loads every .js of the folder it is given (`mcsim <this folder>
// <mc.so>`) in a compartment of its own, where Piu's classes are globals and "DevicePane" and
// "ControlsPane" are mcsim's modules. It talks to the app only as the SDK's skins do, by the JSON
// messages {"aButton": 1} … {"cButton": 0} that hosts/device/mcsim/screen.ts reads as up, select, down.

import { ControlsColumn } from "ControlsPane";
import { DeviceBehavior, DeviceContainer, DeviceScreen } from "DevicePane";

// The app's screen: the 128×64 OLED drawn 2× (256×128) with an 8-pixel bezel (screen.ts centres it).
const SCREEN = Object.freeze({ left: 14, top: 12, width: 272, height: 144 });
// How long a typed letter holds its button down. A small letter: a short press at any clock rate
// (the app's long press is 700 ms, 88 ms of real time while the demo plays at 8×; its debounce is
// 20 ms). A capital: a long press at real speed (it backs out of a menu).
const SHORT_MS = 60;
const LONG_MS = 1000;
// How often the Keys field takes back the keyboard's focus, should it have lost it (KeysBehavior).
const KEEP_FOCUS_MS = 200;

const BUTTONS = Object.freeze([
	Object.freeze({ name: "a", label: "UP · a", left: 14 }),
	Object.freeze({ name: "b", label: "SELECT · b", left: 106 }),
	Object.freeze({ name: "c", label: "DOWN · c", left: 198 }),
]);

const boxSkin = new Skin({ fill: "#1c1f24", stroke: "#3a3f47", borders: { left: 1, right: 1, top: 1, bottom: 1 } });
const buttonSkin = new Skin({ fill: ["#d8dadf", "#8fb8e8"], stroke: "#5a5f68", borders: { left: 1, right: 1, top: 1, bottom: 1 } });
const buttonStyle = new Style({ font: "bold 11px Open Sans", color: "#1c1f24" });
const fieldSkin = new Skin({ fill: ["white", "#8fb8e8"], stroke: "#8a8f98", borders: { left: 1, right: 1, top: 1, bottom: 1 } });
const fieldStyle = new Style({ font: "12px Open Sans", color: ["black", "black"], horizontal: "left" });
const nameStyle = new Style({ font: "12px Open Sans", color: "#303030", horizontal: "left", left: 10 });
const noteStyle = new Style({ font: "11px Open Sans", color: "#606060", horizontal: "left", left: 10 });

/** The box: posts each button's edges to the app as the SDK's M5Stack skin does. */
class TableBehavior extends DeviceBehavior {
	onButton(container, name, down) {
		this.postJSON(container, { [`${name}Button`]: down ? 1 : 0 });
	}
	/** A character typed in the Keys field: a, b, c press that button; A, B, C hold it long. */
	onTyped(container, character) {
		const name = character.toLowerCase();
		const button = BUTTONS.some((b) => b.name === name) ? container.content(name) : null;
		if (button) button.delegate("onTypedPress", character !== name);
		return true; // the event is the box's: application.distribute() goes no further
	}
	// macOS only: mcsim delivers the window's keys to the device there, down and up.
	onKeyDown(container, key) {
		container.content(key.toLowerCase())?.delegate("onKeyDown");
	}
	onKeyUp(container, key) {
		container.content(key.toLowerCase())?.delegate("onKeyUp");
	}
}

/** One of the three buttons: pressed while the mouse holds it, or for a while after a typed key. */
class ButtonBehavior extends Behavior {
	onCreate(button, data) {
		this.name = data.name;
		this.pressed = false;
	}
	press(button, down) {
		if (this.pressed === down) return;
		this.pressed = down;
		button.state = down ? 1 : 0;
		button.container.delegate("onButton", this.name, down);
	}
	onTouchBegan(button) {
		this.press(button, true);
	}
	onTouchEnded(button) {
		this.press(button, false);
		focusKeys();
	}
	onKeyDown(button) {
		this.press(button, true);
	}
	onKeyUp(button) {
		this.press(button, false);
	}
	onTypedPress(button, long) {
		if (this.pressed) return; // a key repeating while its press lasts
		this.press(button, true);
		button.duration = long ? LONG_MS : SHORT_MS;
		button.time = 0;
		button.start();
	}
	onFinished(button) {
		this.press(button, false);
	}
}

/** Typed characters become presses; the field is emptied at once, so it never fills up. It keeps the
 * keyboard's focus: on Linux an arrow key (Down) or Tab moves GTK's focus out of the field to mcsim's
 * view, which takes no keys, and nothing here is told (the SDK's Linux Field reports no focus-out), so
 * the field takes the focus back a few times a second; `b` and `c` go on working without a click. */
class KeysBehavior extends Behavior {
	onDisplaying(field) {
		keysField = field;
		field.focus();
		field.interval = KEEP_FOCUS_MS;
		field.start();
	}
	onTimeChanged(field) {
		field.focus();
	}
	onStringChanged(field) {
		const typed = field.string;
		if (!typed) return;
		field.string = "";
		// mcsim's own globals (its `model`) are not this compartment's: reach the box through the tree.
		for (const character of typed) application.distribute("onTyped", character);
	}
}

let keysField = null;
/** Clicking a button takes the keyboard's focus from the field: give it back, so keys go on working. */
function focusKeys() {
	keysField?.focus();
}

// `$` is the device (this file's default export), as mcsim's DeviceBehavior and DeviceScreen expect.
const Box = DeviceContainer.template(($) => ({
	Behavior: TableBehavior,
	width: 300,
	height: 224,
	skin: boxSkin,
	contents: [
		DeviceScreen($, { ...SCREEN, rotation: 0 }),
		...BUTTONS.map((b) =>
			Container(b, {
				name: b.name,
				left: b.left,
				top: 172,
				width: 88,
				height: 40,
				active: true,
				skin: buttonSkin,
				Behavior: ButtonBehavior,
				contents: [Label(null, { left: 0, right: 0, top: 0, bottom: 0, style: buttonStyle, string: b.label })],
			}),
		),
	],
}));

export default {
	applicationName: "carrom/.*",
	title: "Carrom table",
	Workers: {},
	ControlsTemplate: ControlsColumn.template(() => ({
		contents: [
			Row(null, {
				left: 0,
				right: 0,
				height: 30,
				contents: [
					Label(null, { width: 60, style: nameStyle, string: "Keys" }),
					Field(null, { left: 0, right: 10, height: 24, skin: fieldSkin, style: fieldStyle, placeholder: "type a, b or c here", Behavior: KeysBehavior }),
				],
			}),
			Label(null, { left: 0, right: 0, height: 18, style: noteStyle, string: "a up, b select, c down: a short press" }),
			Label(null, { left: 0, right: 0, height: 18, style: noteStyle, string: "A, B, C (with shift): a long press (back)" }),
			Label(null, { left: 0, right: 0, height: 18, style: noteStyle, string: "or click the buttons under the screen" }),
		],
	})),
	DeviceTemplates: {
		0: Box,
	},
};
