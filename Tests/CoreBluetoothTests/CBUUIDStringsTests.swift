import CoreBluetooth
import Testing

@Suite("CBUUID string constants", .timeLimit(.minutes(2)))
struct CBUUIDStringsTests {
    @Test("descriptor UUID strings are the assigned 16-bit numbers")
    func descriptorStrings() {
        #expect(CBUUIDCharacteristicExtendedPropertiesString == "2900")
        #expect(CBUUIDCharacteristicUserDescriptionString == "2901")
        #expect(CBUUIDClientCharacteristicConfigurationString == "2902")
        #expect(CBUUIDServerCharacteristicConfigurationString == "2903")
        #expect(CBUUIDCharacteristicFormatString == "2904")
        #expect(CBUUIDCharacteristicAggregateFormatString == "2905")
        #expect(CBUUIDCharacteristicValidRangeString == "2906")
        #expect(CBUUIDCharacteristicObservationScheduleString == "2910")
    }

    @Test("the L2CAP PSM characteristic string is Apple's 128-bit UUID")
    func l2capPSMString() {
        #expect(CBUUIDL2CAPPSMCharacteristicString == "ABDD3056-28FA-441D-A470-55A75A52553A")
        #expect(CBUUID(string: CBUUIDL2CAPPSMCharacteristicString).data.count == 16)
    }

    @Test("each constant makes a CBUUID that prints it back")
    func roundTrip() {
        let strings = [
            CBUUIDCharacteristicExtendedPropertiesString, CBUUIDCharacteristicUserDescriptionString,
            CBUUIDClientCharacteristicConfigurationString, CBUUIDServerCharacteristicConfigurationString,
            CBUUIDCharacteristicFormatString, CBUUIDCharacteristicAggregateFormatString,
            CBUUIDCharacteristicValidRangeString, CBUUIDCharacteristicObservationScheduleString,
            CBUUIDL2CAPPSMCharacteristicString,
        ]
        for string in strings {
            #expect(CBUUID(string: string).uuidString == string)
        }
    }
}
