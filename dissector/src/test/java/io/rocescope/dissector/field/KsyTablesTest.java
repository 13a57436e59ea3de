package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.kaitai.IbMad;
import io.rocescope.dissector.kaitai.IbTransport;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The value-name tables the product uses and the Kaitai parsers come from the same enums: for every enum the
 * Kaitai compiler generated from ksy/, the generated table has the same values under the same names, and the
 * tables say what the hand-kept code said before (spot checks of names the decode tests compare with tshark).
 */
class KsyTablesTest {
    @Test
    void everyKaitaiEnumValueHasItsCodeAndName() throws Exception {
        int checked = 0;
        for (Class<?>[] pair : new Class<?>[][] {{IbMad.class, IbMadKsy.class}, {IbTransport.class, IbTransportKsy.class}}) {
            for (Class<?> e : pair[0].getDeclaredClasses()) {
                if (!e.isEnum()) continue;
                String table = snake(e.getSimpleName());
                Field names = pair[1].getField(table);
                ValueNames vn = (ValueNames) names.get(null);
                List<String> constants = new ArrayList<>();
                for (Object c : e.getEnumConstants()) {
                    long id = (long) e.getMethod("id").invoke(c);
                    String constant = table + "_" + ((Enum<?>) c).name();
                    assertThat(pair[1].getField(constant).getInt(null)).as(constant).isEqualTo((int) id);
                    assertThat(vn.nameOf(id)).as(table + " " + id).isNotNull();
                    constants.add(constant);
                    checked++;
                }
                // and no code the Kaitai enum lacks (no table name here is a prefix of another)
                assertThat(java.util.Arrays.stream(pair[1].getFields())
                    .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == int.class && f.getName().startsWith(table + "_"))
                    .map(Field::getName)).as(table).containsExactlyInAnyOrderElementsOf(constants);
            }
        }
        assertThat(checked).isGreaterThan(80);
    }

    @Test
    void theCreditAndRnrTimerTablesAreTheEnumsValues() {
        // IBTA vol 1 9.7.5.1.2 (rdmavt's credit_table) and table 45, spot-checked at both ends and in between
        assertThat(InfinibandNames.credits(0)).isZero();
        assertThat(InfinibandNames.credits(5)).isEqualTo(6);
        assertThat(InfinibandNames.credits(30)).isEqualTo(32768);
        assertThat(InfinibandNames.credits(31)).isEqualTo(-1);
        assertThat(InfinibandNames.creditsText(31)).isEqualTo("unlimited").isEqualTo(IbTransportKsy.AETH_CREDITS.nameOf(31));
        assertThat(InfinibandNames.rnrTimerMicros(0)).isEqualTo(655_360);
        assertThat(InfinibandNames.rnrTimerMicros(1)).isEqualTo(10);
        assertThat(InfinibandNames.rnrTimerMicros(31)).isEqualTo(491_520);
        // every code's doc in the .ksy is the text RoCEscope prints for it, and every code has a number
        for (int code = 0; code < 32; code++) {
            assertThat(IbTransportKsy.RNR_TIMER.nameOf(code)).isEqualTo(InfinibandNames.rnrTimerText(code));
            if (code < 31) assertThat(IbTransportKsy.AETH_CREDITS.nameOf(code)).isEqualTo(InfinibandNames.creditsText(code));
        }
        assertThat(IbTransportKsy.RNR_TIMER_VALUES()).hasSize(32).doesNotContain(-1);
        assertThat(IbTransportKsy.AETH_CREDITS_VALUES()).hasSize(32).containsOnlyOnce(-1);
        // and whole, as RoCEscope kept them by hand before (rdmavt's credit_table, IBTA table 45, the IB MTUs)
        assertThat(IbTransportKsy.AETH_CREDITS_VALUES()).containsExactly(0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128,
            192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, -1);
        assertThat(IbTransportKsy.RNR_TIMER_VALUES()).containsExactly(655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480,
            640, 960, 1280, 1920, 2560, 3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880, 163840,
            245760, 327680, 491520);
        assertThat(IbMadKsy.PATH_MTU_VALUES()).containsExactly(-1, 256, 512, 1024, 2048, 4096);
        assertThat(CmNames.pathMtus()).containsExactly(256, 512, 1024, 2048, 4096);
        assertThat(CmNames.mtuCode(1024)).isEqualTo(3);
        assertThat(CmNames.mtuCode(1000)).isEqualTo(-1);
        assertThat(CmNames.mtuBytes(0)).isEqualTo(-1);
    }

    @Test
    void theNamesAreTheOnesWiresharkShows() {
        assertThat(CmNames.rejectReason(8)).isEqualTo("Invalid service ID (8)");
        assertThat(CmNames.rejectReason(34)).isEqualTo("Unknown reason (34)");
        assertThat(CmNames.attributeName(0x13)).isEqualTo("ConnectReply");
        assertThat(CmNames.attributeName(0x1b)).isNull();
        assertThat(CmNames.MTU.nameOf(3)).isEqualTo("1024 bytes");
        assertThat(CmNames.MTU.nameOf(0)).isNull();
        assertThat(CmNames.portSpace(0x06)).isEqualTo("TCP");
        assertThat(InfinibandNames.nakName(2)).isEqualTo("Remote Access Error");
        assertThat(InfinibandNames.nakName(9)).isEqualTo("Reserved NAK code 9");
        assertThat(InfinibandNames.AETH_NAK).isEqualTo(3);
        // the NAKs that end a QP (-fatal): Invalid Request, Remote Access and Remote Operational Error, the range the
        // tracker tested by hand before; not the PSN sequence error (retried) nor RD's Invalid RD Request
        for (int code = 0; code < 32; code++) assertThat(InfinibandNames.isFatalNak(code)).as("NAK code " + code).isEqualTo(code >= 1 && code <= 3);
        assertThat(CmNames.METHODS.nameOf(0x81)).isEqualTo("GetResp");
        assertThat(CmNames.MGMT_CLASSES.nameOf(Long.MAX_VALUE)).isNull();
    }

    @Test
    void theCmMessagesShortNamesAreIbtasAbbreviations() {
        // IBTA vol 1 12.6: each CM message's abbreviation is its enum id, written in capitals
        for (long code = 0; code <= 0x1b; code++) {
            String name = IbMadKsy.CM_ATTRIBUTE.nameOf(code);
            if (name == null || code == IbMadKsy.CM_ATTRIBUTE_CLASS_PORT_INFO) {
                assertThat(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(code)).as("code " + code).isNull();
                continue;
            }
            assertThat(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(code)).as(name).isNotNull().matches("[A-Z_]+");
        }
        assertThat(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(CmNames.REQ)).isEqualTo("REQ");
        assertThat(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(CmNames.SIDR_REP)).isEqualTo("SIDR_REP");
        assertThat(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(CmNames.DREP)).isEqualTo("DREP");
        assertThat(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(CmNames.APR)).isEqualTo("APR");
    }

    private static String snake(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }
}
