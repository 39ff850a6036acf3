import Testing

@testable import bluetooth

@Suite("serve's notifications are held back while it runs in the background of its terminal")
struct BackgroundQuietTests {
    @Test("in the foreground every line; in the background the note once, then nothing; again after fg")
    func holdsBackInBackground() {
        var quiet = BackgroundQuiet()
        #expect(quiet.admit("Notified 2A1C = 00.", inBackground: false) == "Notified 2A1C = 00.")
        #expect(quiet.admit("Notified 2A1C = 01.", inBackground: true) == BackgroundQuiet.note)
        #expect(quiet.admit("Notified 2A1C = 02.", inBackground: true) == nil)
        #expect(quiet.admit("Notified 2A1C = 03.", inBackground: false) == "Notified 2A1C = 03.")
        #expect(quiet.admit("Notified 2A1C = 04.", inBackground: true) == BackgroundQuiet.note)
    }
}
