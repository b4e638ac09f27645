package dev.vtlab.banking;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The CPU side of a banking transaction: a rule-based risk score and a signature over the transaction
 * whose strength is the {@code work} knob. Each unit of work is {@link #ROUNDS_PER_WORK} rounds of
 * SHA-256 key stretching (roughly 0.1 ms of one core), so {@code work} scales CPU per request linearly.
 */
public final class RiskModel {

    public static final int MAX_WORK = 1000;
    static final int ROUNDS_PER_WORK = 256;

    public record Risk(int score, String level) {}

    private RiskModel() {}

    /** 0..100: large amounts, round amounts and amounts near the transfer limit score higher. */
    public static Risk score(int from, int to, BigDecimal amount) {
        double value = amount.doubleValue(); // a score, not money: double is fine here
        int score = (int) Math.min(60, Math.log10(1 + value) * 10);
        if (amount.remainder(BigDecimal.valueOf(100)).signum() == 0) {
            score += 15; // round sums are a classic fraud signal
        }
        if (value > 10_000) {
            score += 15;
        }
        if (Math.abs(from - to) == 1) {
            score += 5; // neighbouring accounts: likely scripted
        }
        score = Math.min(100, score);
        return new Risk(score, score >= 70 ? "high" : score >= 40 ? "medium" : "low");
    }

    /** Hex SHA-256 of {@code payload}, stretched by {@code work} units. */
    public static String sign(String payload, int work) {
        MessageDigest sha = sha256();
        byte[] digest = sha.digest(payload.getBytes(StandardCharsets.UTF_8));
        ByteBuffer round = ByteBuffer.allocate(digest.length + Integer.BYTES);
        for (int i = 0, n = work * ROUNDS_PER_WORK; i < n; i++) {
            round.clear();
            round.put(digest).putInt(i);
            digest = sha.digest(round.array());
        }
        return HexFormat.of().formatHex(digest, 0, 16);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
