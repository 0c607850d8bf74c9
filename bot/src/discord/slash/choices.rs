//! Fixed choices shown in Discord's option menus.

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    Shatranj,
    #[name = "Medieval chess"]
    Medieval,
    #[name = "Courier chess"]
    Courier,
    #[name = "Byzantine chess (round board)"]
    Byzantine,
}

impl VariantChoice {
    pub fn key(self) -> String {
        format!("{self:?}").to_ascii_lowercase()
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    Novice,
    Beginner,
    Casual,
    Intermediate,
    Club,
    Expert,
    Master,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LimitChoice {
    #[name = "none"]
    None,
    #[name = "30 seconds per move"]
    Thirty,
    #[name = "60 seconds per move"]
    Sixty,
}

impl LimitChoice {
    pub fn key(self) -> String {
        match self {
            LimitChoice::None => "none",
            LimitChoice::Thirty => "30",
            LimitChoice::Sixty => "60",
        }
        .into()
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum StalemateChoice {
    #[name = "the stalemated side loses"]
    Loss,
    #[name = "draw"]
    Draw,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OpponentChoice {
    #[name = "the CPU"]
    Cpu,
    #[name = "myself (both sides)"]
    Myself,
}

/// Lowercase debug name: what the commands read.
pub fn key<T: std::fmt::Debug>(v: T) -> String {
    format!("{v:?}").to_ascii_lowercase()
}
