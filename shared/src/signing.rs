//! Signed moves: a compact JWS (RFC 7515) with `alg: EdDSA` (Ed25519) over [`MoveClaims`].
//!
//! The CLI keeps the private key; the server stores each account's public keys and verifies every move,
//! then keeps the token in the journal so anyone can check the finished game offline. The JWS header names
//! the key by `kid`, derived from the public key so both sides compute it the same way.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, Header};
use sha2::{Digest, Sha256};

use crate::api_types::MoveClaims;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SigningError {
    #[error("not a base64url Ed25519 key of 32 bytes")]
    BadKey,
    #[error("not a compact JWS (three base64url parts separated by dots)")]
    Malformed,
    #[error("the signed move names no key (`kid`)")]
    NoKeyId,
    #[error("the signed move's header says `alg: {0}`; a move is signed with `EdDSA` (Ed25519)")]
    WrongAlgorithm(String),
    #[error("the signature does not verify with key `{0}`")]
    BadSignature(String),
    #[error("the signed claims are not a move: {0}")]
    BadClaims(String),
    #[error(
        "the signed move carries the claim(s) {}, which a move may not have; sign exactly {}",
        quoted(.0),
        quoted(&MOVE_CLAIMS)
    )]
    ExtraClaims(Vec<String>),
    #[error("signing failed: {0}")]
    Sign(String),
    #[error("no system randomness: {0}")]
    Randomness(String),
}

/// An Ed25519 key pair, kept by the client: its key expanded and its `kid` and JWS header computed once, for
/// the many moves it signs.
#[derive(Clone)]
pub struct KeyPair {
    signing: ed25519_dalek::SigningKey,
    kid: String,
    /// The JWS header every move of this key carries, base64url.
    header: String,
}

impl std::fmt::Debug for KeyPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyPair({})", self.kid)
    }
}

impl KeyPair {
    pub fn generate() -> Result<KeyPair, SigningError> {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| SigningError::Randomness(e.to_string()))?;
        Ok(KeyPair::from_seed(&seed))
    }

    fn from_seed(seed: &[u8; 32]) -> KeyPair {
        let signing = ed25519_dalek::SigningKey::from_bytes(seed);
        let kid = key_id_of(&signing.verifying_key().to_bytes());
        // The header as jsonwebtoken writes it (`typ`, `alg`, `kid`), so that a move signed here is the token a
        // client signing with jsonwebtoken would send.
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(kid.clone());
        let header = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&header).expect("a JWS header serialises"));
        KeyPair { signing, kid, header }
    }

    /// The private seed, base64url, for storing in the client's config dir.
    pub fn to_secret(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.signing.to_bytes())
    }

    pub fn from_secret(secret: &str) -> Result<KeyPair, SigningError> {
        let bytes = URL_SAFE_NO_PAD.decode(secret.trim()).map_err(|_| SigningError::BadKey)?;
        let seed: [u8; 32] = bytes.try_into().map_err(|_| SigningError::BadKey)?;
        Ok(KeyPair::from_seed(&seed))
    }

    /// The public key, base64url without padding.
    pub fn public_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.signing.verifying_key().to_bytes())
    }

    pub fn kid(&self) -> String {
        self.kid.clone()
    }

    /// Signs a move: a compact JWS of the header and the claims, each JSON then base64url, and the Ed25519
    /// signature of the two (RFC 7515 §5.1, RFC 8037), as jsonwebtoken signs it.
    pub fn sign(&self, claims: &MoveClaims) -> Result<String, SigningError> {
        let claims = serde_json::to_vec(claims).map_err(|e| SigningError::Sign(e.to_string()))?;
        let mut token = format!("{}.{}", self.header, URL_SAFE_NO_PAD.encode(claims));
        let signature = ed25519_dalek::Signer::sign(&self.signing, token.as_bytes());
        token.push('.');
        URL_SAFE_NO_PAD.encode_string(signature.to_bytes(), &mut token);
        Ok(token)
    }
}

/// A public key's 32 bytes and its point, decompressed (which fails if they are not an Ed25519 point).
fn decode_public_key(public_key: &str) -> Result<([u8; 32], ed25519_dalek::VerifyingKey), SigningError> {
    let bytes = URL_SAFE_NO_PAD.decode(public_key.trim()).map_err(|_| SigningError::BadKey)?;
    let raw: [u8; 32] = bytes.try_into().map_err(|_| SigningError::BadKey)?;
    let point = ed25519_dalek::VerifyingKey::from_bytes(&raw).map_err(|_| SigningError::BadKey)?;
    Ok((raw, point))
}

/// The key id of a public key: the first 16 bytes of its SHA-256, hex.
pub fn key_id(public_key: &str) -> Result<String, SigningError> {
    Ok(key_id_of(&decode_public_key(public_key)?.0))
}

fn key_id_of(raw: &[u8; 32]) -> String {
    hex::encode(&Sha256::digest(raw)[..16])
}

/// A public key read once, to verify many moves: its Ed25519 point, decompressed, and its key id. Reading a key
/// decompresses its point, which [`verify`] does for each move it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicKey {
    key: ed25519_dalek::VerifyingKey,
    kid: String,
}

impl PublicKey {
    /// Reads a public key, base64url without padding.
    pub fn parse(public_key: &str) -> Result<PublicKey, SigningError> {
        let (raw, key) = decode_public_key(public_key)?;
        Ok(PublicKey { kid: key_id_of(&raw), key })
    }

    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// Verifies a signed move against this key and returns its claims: a compact JWS whose header says
    /// `alg: EdDSA` and whose signature is this key's Ed25519 signature of its first two parts, as they stand
    /// (RFC 7515 §5.2, RFC 8037). Checked here rather than by jsonwebtoken, which reads the key's point again
    /// at every call, and the token's header and claims once more after [`peek`] read them.
    pub fn verify(&self, token: &str) -> Result<MoveClaims, SigningError> {
        let jws = Jws::read(token)?;
        self.check_signature(&jws)?;
        jws.claims()
    }

    /// [`PublicKey::verify`] for a move read by [`read_submitted`], which is not read again.
    pub fn verify_submitted(&self, submitted: &SubmittedMove) -> Result<MoveClaims, SigningError> {
        self.check_signature(&submitted.jws)?;
        Ok(submitted.claims.clone())
    }

    fn check_signature(&self, jws: &Jws) -> Result<(), SigningError> {
        let bad_signature = || SigningError::BadSignature(self.kid.clone());
        let signature = ed25519_dalek::Signature::from_slice(&jws.signature).map_err(|_| bad_signature())?;
        ed25519_dalek::Verifier::verify(&self.key, jws.signed.as_bytes(), &signature).map_err(|_| bad_signature())
    }
}

/// A move being submitted, read by [`read_submitted`] and not verified yet: the key it names and its claims.
pub struct SubmittedMove<'t> {
    jws: Jws<'t>,
    kid: String,
    claims: MoveClaims,
}

impl SubmittedMove<'_> {
    /// The key id the move's header names.
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The move's claims, as signed (not verified yet).
    pub fn claims(&self) -> &MoveClaims {
        &self.claims
    }
}

/// A compact JWS of a move read, not verified: `header.payload.signature`, each part base64url without
/// padding, the header saying `alg: EdDSA`.
struct Jws<'t> {
    header: JwsHeader,
    payload: Vec<u8>,
    signature: Vec<u8>,
    /// The part the signature signs: the header and the payload as the token spells them.
    signed: &'t str,
}

/// The members of a JWS header that a signed move uses; others are ignored.
#[derive(serde::Deserialize)]
struct JwsHeader {
    alg: String,
    kid: Option<String>,
}

impl<'t> Jws<'t> {
    fn read(token: &'t str) -> Result<Jws<'t>, SigningError> {
        let token = token.trim();
        let (signed, signature) = token.rsplit_once('.').ok_or(SigningError::Malformed)?;
        let (header, payload) = signed.split_once('.').ok_or(SigningError::Malformed)?;
        if payload.contains('.') {
            return Err(SigningError::Malformed);
        }
        let part = |text: &str| URL_SAFE_NO_PAD.decode(text).map_err(|_| SigningError::Malformed);
        let header: JwsHeader = serde_json::from_slice(&part(header)?).map_err(|_| SigningError::Malformed)?;
        if header.alg != "EdDSA" {
            return Err(SigningError::WrongAlgorithm(header.alg));
        }
        Ok(Jws { header, payload: part(payload)?, signature: part(signature)?, signed })
    }

    fn claims(&self) -> Result<MoveClaims, SigningError> {
        serde_json::from_slice(&self.payload).map_err(|e| SigningError::BadClaims(e.to_string()))
    }
}

/// The claims of a signed move, all required, and no other is allowed (docs/protocol.md).
pub const MOVE_CLAIMS: [&str; 5] = ["game", "seat", "decision", "action", "iat"];

fn quoted<S: AsRef<str>>(names: &[S]) -> String {
    names.iter().map(|n| format!("`{}`", n.as_ref())).collect::<Vec<_>>().join(", ")
}

/// Reads the key id and the claims of a signed move WITHOUT verifying it (to find the key to verify with).
/// Claims beyond [`MOVE_CLAIMS`] are ignored, so that moves journaled before they were refused still read;
/// a move being submitted goes through [`peek_submitted`] instead.
pub fn peek(token: &str) -> Result<(String, MoveClaims), SigningError> {
    let jws = Jws::read(token)?;
    peeked(&jws)
}

fn peeked(jws: &Jws) -> Result<(String, MoveClaims), SigningError> {
    let kid = jws.header.kid.clone().ok_or(SigningError::NoKeyId)?;
    Ok((kid, jws.claims()?))
}

/// [`peek`] for a move being submitted: its payload must hold exactly the claims [`MOVE_CLAIMS`] names.
/// A claim the server does not read would still be signed and journaled, and a verifier could not tell what
/// the player meant by it.
pub fn peek_submitted(token: &str) -> Result<(String, MoveClaims), SigningError> {
    read_submitted(token).map(|submitted| (submitted.kid, submitted.claims))
}

/// [`peek_submitted`], keeping what was read for [`PublicKey::verify_submitted`]: the server reads a move once
/// to find its key, and checks its signature with what it read.
pub fn read_submitted(token: &str) -> Result<SubmittedMove<'_>, SigningError> {
    let jws = Jws::read(token)?;
    let (kid, claims) = peeked(&jws)?;
    let members: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&jws.payload).map_err(|e| SigningError::BadClaims(e.to_string()))?;
    let mut extra: Vec<String> = members.keys().filter(|k| !MOVE_CLAIMS.contains(&k.as_str())).cloned().collect();
    if !extra.is_empty() {
        extra.sort();
        return Err(SigningError::ExtraClaims(extra));
    }
    Ok(SubmittedMove { jws, kid, claims })
}

/// Verifies a signed move against a public key and returns its claims.
pub fn verify(token: &str, public_key: &str) -> Result<MoveClaims, SigningError> {
    PublicKey::parse(public_key)?.verify(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn claims() -> MoveClaims {
        MoveClaims { game: 7, seat: 1, decision: "d3".into(), action: json!({"play": "R2"}), iat: 1_700_000_000 }
    }

    #[test]
    fn sign_then_verify_round_trips() {
        let key = KeyPair::generate().unwrap();
        let token = key.sign(&claims()).unwrap();
        assert_eq!(verify(&token, &key.public_key()).unwrap(), claims());
        let (kid, peeked) = peek(&token).unwrap();
        assert_eq!(kid, key.kid());
        assert_eq!(peeked, claims());
    }

    /// A key read once verifies as [`verify`] does, move after move, and names itself by the same key id.
    #[test]
    fn a_key_read_once_verifies_many_moves() {
        let key = KeyPair::generate().unwrap();
        let public = PublicKey::parse(&key.public_key()).unwrap();
        assert_eq!(public.kid(), key.kid());
        for seat in 0..3 {
            let token = key.sign(&MoveClaims { seat, ..claims() }).unwrap();
            assert_eq!(public.verify(&token).unwrap(), MoveClaims { seat, ..claims() });
        }
        let other = KeyPair::generate().unwrap().sign(&claims()).unwrap();
        assert_eq!(public.verify(&other), Err(SigningError::BadSignature(key.kid())));
        // A submitted move read once: its key named, its signature checked with what was read.
        let own = key.sign(&claims()).unwrap();
        let submitted = read_submitted(&own).unwrap();
        assert_eq!((submitted.kid(), submitted.claims()), (key.kid().as_str(), &claims()));
        assert_eq!(public.verify_submitted(&submitted), Ok(claims()));
        let stranger = read_submitted(&other).unwrap();
        assert_eq!(public.verify_submitted(&stranger), Err(SigningError::BadSignature(key.kid())));
        assert_eq!(public.verify("a.b"), Err(SigningError::Malformed));
        assert_eq!(PublicKey::parse("not a key"), Err(SigningError::BadKey));
    }

    /// What the signature covers is the token's first two parts as they are spelled, under an `EdDSA` header.
    #[test]
    fn only_an_eddsa_signature_of_the_parts_as_spelled_verifies() {
        let key = KeyPair::generate().unwrap();
        let public = PublicKey::parse(&key.public_key()).unwrap();
        let signer = key.signing.clone();
        let sign = |header: &serde_json::Value, payload: &str| {
            let signed = format!("{}.{}", URL_SAFE_NO_PAD.encode(header.to_string()), URL_SAFE_NO_PAD.encode(payload));
            let signature = ed25519_dalek::Signer::sign(&signer, signed.as_bytes());
            format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
        };
        let claims_text = serde_json::to_string(&claims()).unwrap();
        let eddsa = json!({"alg": "EdDSA", "kid": key.kid()});
        assert_eq!(public.verify(&sign(&eddsa, &claims_text)), Ok(claims()), "signed by hand as by jsonwebtoken");
        let other_alg = json!({"alg": "HS256", "kid": key.kid()});
        let wrong_alg = Err(SigningError::WrongAlgorithm("HS256".into()));
        assert_eq!(public.verify(&sign(&other_alg, &claims_text)), wrong_alg);
        assert_eq!(peek(&sign(&other_alg, &claims_text)).map(|(_, claims)| claims), wrong_alg);

        let token = key.sign(&claims()).unwrap();
        let parts: Vec<&str> = token.split('.').collect();
        let respelled = URL_SAFE_NO_PAD.encode(serde_json::to_string_pretty(&claims()).unwrap());
        let bad = Err(SigningError::BadSignature(key.kid()));
        assert_eq!(public.verify(&format!("{}.{respelled}.{}", parts[0], parts[2])), bad, "the same claims respelled");
        let short = URL_SAFE_NO_PAD.encode(&URL_SAFE_NO_PAD.decode(parts[2]).unwrap()[..63]);
        assert_eq!(public.verify(&format!("{}.{}.{short}", parts[0], parts[1])), bad, "a signature of 63 bytes");
        assert_eq!(public.verify(&format!("{token}.{}", parts[2])), Err(SigningError::Malformed), "four parts");
        assert_eq!(public.verify(&format!(" {token}\n")), Ok(claims()), "space around the token");
    }

    /// A move signed here is, byte for byte, the token jsonwebtoken signs for the same key and claims, and the
    /// key read back from its secret signs the same.
    #[test]
    fn a_move_is_signed_as_jsonwebtoken_signs_it() {
        let key = KeyPair::generate().unwrap();
        let token = key.sign(&claims()).unwrap();
        assert_eq!(token, sign_payload(&key, &claims()));
        let again = KeyPair::from_secret(&key.to_secret()).unwrap();
        assert_eq!((again.sign(&claims()).unwrap(), again.kid()), (token, key.kid()));
        assert_eq!(key.kid(), key_id(&key.public_key()).unwrap());
    }

    #[test]
    fn another_key_or_a_tampered_payload_fails() {
        let key = KeyPair::generate().unwrap();
        let other = KeyPair::generate().unwrap();
        let token = key.sign(&claims()).unwrap();
        assert!(matches!(verify(&token, &other.public_key()), Err(SigningError::BadSignature(_))));
        let mut tampered = claims();
        tampered.seat = 2;
        let forged_payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&tampered).unwrap());
        let parts: Vec<&str> = token.split('.').collect();
        let forged = format!("{}.{}.{}", parts[0], forged_payload, parts[2]);
        assert!(verify(&forged, &key.public_key()).is_err());
        assert_eq!(verify("not a jws", &key.public_key()), Err(SigningError::Malformed));
    }

    /// Signs any payload, as a third-party client might, with jsonwebtoken.
    fn sign_payload(key: &KeyPair, payload: &impl serde::Serialize) -> String {
        // PKCS#8 v1 wrapping of a raw Ed25519 seed (RFC 8410): what jsonwebtoken's EncodingKey expects.
        const PKCS8_ED25519_PREFIX: [u8; 16] =
            [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
        let mut der = PKCS8_ED25519_PREFIX.to_vec();
        der.extend_from_slice(&key.signing.to_bytes());
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(key.kid());
        jsonwebtoken::encode(&header, payload, &jsonwebtoken::EncodingKey::from_ed_der(&der)).unwrap()
    }

    #[test]
    fn a_submitted_move_must_carry_exactly_the_documented_claims() {
        let key = KeyPair::generate().unwrap();
        let own = key.sign(&claims()).unwrap();
        assert_eq!(peek_submitted(&own).unwrap(), (key.kid(), claims()));

        let mut payload = serde_json::to_value(claims()).unwrap();
        payload["exp"] = json!(1_800_000_000);
        payload["note"] = json!("hi");
        let extra = sign_payload(&key, &payload);
        assert_eq!(peek_submitted(&extra), Err(SigningError::ExtraClaims(vec!["exp".into(), "note".into()])));
        let message = peek_submitted(&extra).unwrap_err().to_string();
        assert!(message.contains("`exp`, `note`") && message.contains("`game`, `seat`, `decision`, `action`, `iat`"));
        // Read leniently elsewhere: journals may hold moves signed before extra claims were refused.
        assert_eq!(peek(&extra).unwrap().1, claims());
        assert_eq!(verify(&extra, &key.public_key()).unwrap(), claims());

        let mut missing = serde_json::to_value(claims()).unwrap();
        missing.as_object_mut().unwrap().remove("iat");
        assert!(matches!(peek_submitted(&sign_payload(&key, &missing)), Err(SigningError::BadClaims(_))));
    }

    #[test]
    fn secrets_round_trip_and_bad_keys_are_refused() {
        let key = KeyPair::generate().unwrap();
        let again = KeyPair::from_secret(&key.to_secret()).unwrap();
        assert_eq!(again.public_key(), key.public_key());
        assert_eq!(key_id("short"), Err(SigningError::BadKey));
        assert_eq!(key.kid().len(), 32);
    }
}
