package io.rocescope.dissector.cm;

import io.rocescope.dissector.field.CmNames;

import java.util.Arrays;

/**
 * A CM message (IBTA vol 1 ch. 12) as values: numbers, {@link io.rocescope.dissector.value.Gid}s and
 * {@link ServiceId}s, as the CM dissector decoded them (the fields are made from the same values). Bit fields
 * keep their wire numbers (an IBA time exponent, a path MTU code, a 0/1 flag), so a reader compares what the
 * wire said. Private data is not kept: nothing reads it as a value.
 */
public sealed interface CmMessage {
    /** The CM attribute ID of the message ({@link CmNames#REQ} …). */
    int attributeId();

    /** ConnectRequest (12.6.5). */
    record Req(long localCommId, ServiceId serviceId, long localCaGuid, long localQKey, int localQpn,
               int responderResources, int localEecn, int initiatorDepth, int remoteEecn, int remoteCmResponseTimeout,
               int transportServiceType, int endToEndFlowControl, int startingPsn, int localCmResponseTimeout,
               int retryCount, int partitionKey, int pathMtu, int rdcExists, int rnrRetryCount, int maxCmRetries,
               int srq, int extendedTransportType, CmPath primaryPath, CmPath alternatePath) implements CmMessage {
        public int attributeId() { return CmNames.REQ; }
    }

    /** MessageReceiptAcknowledgement (12.6.6): the peer needs longer than the sender's timeout. */
    record Mra(long localCommId, long remoteCommId, int messageMraed, int serviceTimeout) implements CmMessage {
        public int attributeId() { return CmNames.MRA; }
    }

    /**
     * ConnectReject (12.6.7). The Additional Reject Information is its 72 bytes as sent (rejectInfoLength says
     * how many count); the record compares it by content.
     */
    record Rej(long localCommId, long remoteCommId, int messageRejected, int rejectInfoLength, int reason, byte[] ari)
            implements CmMessage {
        public Rej { ari = ari.clone(); }
        public int attributeId() { return CmNames.REJ; }
        /** A copy of the ARI bytes. */
        @Override public byte[] ari() { return ari.clone(); }
        @Override public boolean equals(Object o) {
            return o instanceof Rej r && localCommId == r.localCommId && remoteCommId == r.remoteCommId
                && messageRejected == r.messageRejected && rejectInfoLength == r.rejectInfoLength && reason == r.reason
                && Arrays.equals(ari, r.ari);
        }
        @Override public int hashCode() {
            return 31 * java.util.Objects.hash(localCommId, remoteCommId, messageRejected, rejectInfoLength, reason)
                + Arrays.hashCode(ari);
        }
        @Override public String toString() {
            return "Rej[localCommId=" + localCommId + ", remoteCommId=" + remoteCommId + ", messageRejected=" + messageRejected
                + ", rejectInfoLength=" + rejectInfoLength + ", reason=" + reason + "]";
        }
    }

    /** ConnectReply (12.6.8). */
    record Rep(long localCommId, long remoteCommId, long localQKey, int localQpn, int localEecn, int startingPsn,
               int responderResources, int initiatorDepth, int targetAckDelay, int failoverAccepted,
               int endToEndFlowControl, int rnrRetryCount, int srq, long localCaGuid) implements CmMessage {
        public int attributeId() { return CmNames.REP; }
    }

    /** ReadyToUse (12.6.9). */
    record Rtu(long localCommId, long remoteCommId) implements CmMessage {
        public int attributeId() { return CmNames.RTU; }
    }

    /** DisconnectRequest (12.6.10). */
    record Dreq(long localCommId, long remoteCommId, int remoteQpn) implements CmMessage {
        public int attributeId() { return CmNames.DREQ; }
    }

    /** DisconnectReply (12.6.11). */
    record Drep(long localCommId, long remoteCommId) implements CmMessage {
        public int attributeId() { return CmNames.DREP; }
    }

    /** LoadAlternatePath (12.6.12). */
    record Lap(long localCommId, long remoteCommId, int remoteQpn, int remoteCmResponseTimeout, CmPath alternatePath)
            implements CmMessage {
        public int attributeId() { return CmNames.LAP; }
    }

    /** AlternatePathResponse (12.6.13). */
    record Apr(long localCommId, long remoteCommId, int additionalInfoLength, int status) implements CmMessage {
        public int attributeId() { return CmNames.APR; }
    }

    /** ServiceIDResolutionRequest (12.11.1): Request IDs are a number space of their own, not Communication IDs. */
    record SidrReq(long requestId, int partitionKey, ServiceId serviceId) implements CmMessage {
        public int attributeId() { return CmNames.SIDR_REQ; }
    }

    /** ServiceIDResolutionResponse (12.11.2); status 0 is Success. */
    record SidrRep(long requestId, int status, int additionalInfoLength, int qpn, long serviceId, long qKey)
            implements CmMessage {
        public int attributeId() { return CmNames.SIDR_REP; }
    }
}
