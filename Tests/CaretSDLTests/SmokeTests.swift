import Caret
import CaretSDL
import CaretTesting
import Testing

@Suite(.serialized) @MainActor
struct SmokeTests {
    @Test func rendersLabelAndShapes() throws {
        let host = try HeadlessWindow(size: Size(width: 320, height: 160))
        let root = View()
        root.backgroundColor = .white
        let label = Label(text: "Héllo AVAWAY jé̂ 👍🏽 x")
        label.frame = Rect(x: 10, y: 10, width: 300, height: 30)
        root.addSubview(label)
        let box = View(frame: Rect(x: 10, y: 50, width: 100, height: 40))
        box.backgroundColor = .systemBlue
        box.cornerRadius = 10
        root.addSubview(box)
        let button = Button(title: "Button", style: .filled)
        button.frame.origin = Point(x: 130, y: 50)
        root.addSubview(button)
        host.rootView = root
        let image = try host.render()
        try image.writePNG(to: "/tmp/smoke.png")
    }
}
