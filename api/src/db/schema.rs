// The diesel schema, written to match migrations/sqlite (kept by hand: no diesel CLI needed to build).

diesel::table! {
    accounts (id) {
        id -> BigInt,
        email -> Text,
        display_name -> Text,
        password_hash -> Text,
        created_at -> Text,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> BigInt,
        account_id -> BigInt,
        name -> Text,
        token_hash -> Text,
        created_at -> Text,
        last_used_at -> Nullable<Text>,
        revoked_at -> Nullable<Text>,
    }
}

diesel::table! {
    signing_keys (kid) {
        kid -> Text,
        account_id -> BigInt,
        public_key -> Text,
        name -> Nullable<Text>,
        created_at -> Text,
        revoked_at -> Nullable<Text>,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        slug -> Text,
        options -> Text,
        seed -> Text,
        seed_commitment -> Text,
        status -> Text,
        created_by -> BigInt,
        created_at -> Text,
        updated_at -> Text,
        head_seq -> BigInt,
        head_hash -> Text,
        snapshot -> Text,
        deadline_hours -> Nullable<Integer>,
        timeout_policy -> Text,
    }
}

diesel::table! {
    seats (game_id, seat) {
        game_id -> BigInt,
        seat -> Integer,
        kind -> Text,
        account_id -> Nullable<BigInt>,
        invited_email -> Nullable<Text>,
    }
}

diesel::table! {
    journal (game_id, seq) {
        game_id -> BigInt,
        seq -> BigInt,
        at -> Text,
        body -> Text,
        nonce -> Text,
        prev_hash -> Text,
        hash -> Text,
        events -> Text,
        signature -> Nullable<Text>,
        hidden_seat -> Bool,
    }
}

diesel::table! {
    server_settings (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    outbox (id) {
        id -> BigInt,
        game_id -> Nullable<BigInt>,
        account_id -> Nullable<BigInt>,
        kind -> Text,
        sender -> Text,
        recipient -> Text,
        subject -> Text,
        message_id -> Text,
        message -> Text,
        created_at -> Text,
        next_attempt_at -> Text,
        attempts -> Integer,
        last_error -> Nullable<Text>,
        claimed_until -> Nullable<Text>,
        sent_at -> Nullable<Text>,
    }
}

diesel::table! {
    reply_tokens (token_hash) {
        token_hash -> Text,
        game_id -> BigInt,
        account_id -> BigInt,
        seat -> Integer,
        decision -> Text,
        created_at -> Text,
        used_at -> Nullable<Text>,
    }
}

diesel::table! {
    mail_prefs (account_id) {
        account_id -> BigInt,
        notify -> Text,
        unsubscribe_token -> Text,
        away_until -> Nullable<Text>,
        lang -> Text,
        last_digest_at -> Nullable<Text>,
    }
}

diesel::table! {
    decision_deadlines (game_id, decision) {
        game_id -> BigInt,
        decision -> Text,
        seat -> Integer,
        due_at -> Text,
        remind_at -> Text,
        reminded_at -> Nullable<Text>,
    }
}

diesel::table! {
    email_verifications (account_id) {
        account_id -> BigInt,
        token_hash -> Text,
        created_at -> Text,
        verified_at -> Nullable<Text>,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    accounts, api_tokens, signing_keys, games, seats, journal, server_settings, outbox, reply_tokens, mail_prefs,
    decision_deadlines, email_verifications
);
