// SPDX-License-Identifier: Apache-2.0
import Caret
import CaretSDL

// A window with one text field, focused: type on the keyboard, or tap it and the on-screen keyboard slides up.
let app = Application.launch(.init(title: "Hello", size: Size(width: 480, height: 640)))
let root = View()
root.backgroundColor = .systemGroupedBackground
let field = TextField(frame: Rect(x: 20, y: 60, width: 440, height: 44))
field.borderStyle = .roundedRect
field.placeholder = "Your name"
root.addSubview(field)
app.window.rootView = root
field.becomeFirstResponder()
app.run()
