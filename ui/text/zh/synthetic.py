"""synthetic 页面的中文文本（与 ui/text/synthetic.py 的键和占位符一一对应）。"""

TEXT: dict[str, str] = {
    "title": "合成数据：发布一次，随便查询",
    "intro": (
        "合成表是从真实表的带噪统计量中抽样得到的。它一旦发布，对它提出任何数量的问题都不再消耗隐私："
        "预算在生成它时已经花掉了（教材 6.5.3 节）。学生的例子、各 ε 下的误差和对比都是用侧栏随机种子做的**模拟**；"
        "你下载的 MST 表格是一次**发布**：OpenDP 每次重新抽取噪声，随机种子只决定从拟合好的模型中如何抽样行。"
    ),
    "tab_pupils": "1. 单列：学生年龄",
    "tab_mst": "2. 多列：MST",
    "tab_tradeoff": "3. 不同的 ε",
    "tab_lesson": "4. 发布一次还是逐个回答？",
    "epsilon": "合成表的 ε",
    # --- tab 1
    "pupils_intro": "六名学生的年龄是 12、13、15、13、15 和 12 岁。学生可能的年龄 12 到 15 事先公开声明（绝不从数据中读取）。",
    "true_counts": "真实计数",
    "noisy_counts": "带噪计数",
    "clamped": "截断为 0 之后",
    "step_series": "步骤",
    "pupils_chart_title": "ε = {eps} 时六名学生的年龄：\n计数、噪声与分布的权重",
    "age_axis": "年龄",
    "pupils_axis": "学生数",
    "col_age": "年龄",
    "col_true": "真实计数",
    "col_noise": "拉普拉斯噪声",
    "col_clamped": "截断为 0 之后",
    "col_probability": "概率",
    "pupils_steps": (
        "1. 统计每个年龄的学生数。\n2. 给每个计数加上尺度为 1/ε = {scale} 的拉普拉斯噪声（ε = {eps}；一名学生只会让"
        "一个计数变化 1）。\n3. 把负的计数截断为 0。\n4. 除以总数：得到每个年龄的概率。"
    ),
    "pupils_sample": (
        "5. 按这些概率抽取六个年龄：**{sample}**。这就是合成表，可以发布并被无限次查询。教材中的抽样结果 {course} "
        "是一种可能的结果：在这次运行的概率下，它出现的机会是 {chance}。"
    ),
    # --- tab 2
    "mst_intro": (
        "MST（最大生成树，McKenna 等，2021）把 ε 的三分之一用于每一列的带噪直方图，三分之一用于挑选最重要的列对，"
        "三分之一用于测量这些列对的二维直方图；然后对带噪测量值拟合一个图模型，并从中抽样出一张表。只有声明了（公开的）"
        "取值列表或公开上下界的列才能参与。文献中更准确的 AIM 在这类机器上处理 Adult 的五列要 24 秒（MST 只要 2 秒），处理全部列要 15 分钟以上，所以这里不提供。"
    ),
    "columns": "要合成的列",
    "rows": "合成表的行数",
    "rows_help": (
        "一个公开的选择，最多 {maximum} 行。它从不取自真实表的行数：那个数字会因加入或删除一个人而改变。"
        "改变它只会从同一个模型重新抽取行，不再花费隐私预算。"
    ),
    "mst_button": "生成合成表",
    "mst_hint": "选好列和 ε 后按下按钮：拟合需要几秒到一分钟。",
    "use_penguins": "改用帕尔默企鹅数据集",
    "no_domains": "这个数据集没有为任何列声明公开的取值列表或上下界，而从数据中读取它们会泄露隐私。请选择一个内置数据集（帕尔默企鹅有八个已声明的列）。",
    "stage_prepare": "准备声明的值域",
    "stage_measure_oneway": "测量每一列的带噪直方图",
    "stage_fit_oneway": "拟合一维边际分布",
    "stage_select_measure_pairs": "挑选并测量列对",
    "stage_fit_model": "拟合图模型",
    "stage_sample": "抽样合成行",
    "stage_done": "完成",
    "real": "真实表",
    "synthetic": "合成表（MST）",
    "independent": "各列独立加噪",
    "half": "真实表的一半行（无隐私）",
    "table_series": "表",
    "oneway_column": "显示的列",
    "pair_columns": "一起显示的两列",
    "oneway_title": "单列：真实表、合成表\n与各列独立加噪",
    "value_axis": "取值",
    "share_axis": "行的比例",
    "pair_real_title": "两列放在一起：\n真实表",
    "pair_synthetic_title": "两列放在一起：\n合成表",
    "col_table": "与真实表比较的表",
    "col_oneway": "单列误差（TVD，平均）",
    "col_twoway": "两列误差（TVD，平均）",
    "col_workload": "计数查询：典型误差",
    "points": "±{pp} 个百分点",
    "errors_reading": (
        "TVD（总变差距离）是把一个直方图变成另一个需要挪动的行的比例：0% 表示完全相同。计数查询是 {queries} 个随机问题"
        "“有多少行同时具有这两个取值？”，以行的比例表示。在两列误差上 MST 应该胜过各列独立加噪（后者丢失了列与列之间的"
        "一切联系）；真实表的一半行代表任何合成方法都无法超越的抽样噪声。"
    ),
    "corr_real_title": "列与列之间的相关性：\n真实表",
    "corr_synthetic_title": "列与列之间的相关性：\n合成表",
    "correlation": "相关系数",
    "graph_title": "MST 测量过的列对\n（连线：测量了\n它们的二维直方图）",
    "mst_summary": (
        "**{rows} 行合成数据**，列为 {columns}，ε = {eps}（实际花费：{spent}），拟合用时 {seconds} 秒；MST 测量了 {pairs} "
        "个列对；所选列中有缺失值的行没有参与拟合。行数由你选择，是一个公开的设置：与真实表一样长的表会透露某个人是否在其中。"
        "随机种子只固定行的抽样：OpenDP 的噪声来自操作系统，所以每按一次按钮都会拟合一个新的模型。"
    ),
    "download": "下载合成表（CSV）",
    "download_report": "下载其报告（JSON）",
    "sweep_intro": (
        "更大的隐私预算能让合成表好多少？在下列各列上，对 ε = 0.1、0.3、1、3、10 各拟合一次 MST，"
        "把每张表的两列误差画在 ε 上，旁边是同一 ε 下各列独立加噪的结果，以及真实数据的一半（噪声下限）。"
    ),
    "sweep_button": "在尚缺的 {n} 个 ε 值上拟合 MST",
    "sweep_progress": "ε = {eps:g}（第 {i} 个，共 {n} 个）：{stage}",
    "sweep_hint": "请按下按钮：每次拟合需要几秒钟，已完成的每个 ε 都会在本次会话中保留。",
    "sweep_title": "合成表的两列误差\n随 ε 的变化",
    "sweep_x": "整张表的 ε",
    "sweep_y": "两列误差（TVD）",
    "sweep_none": "都没有",
    "sweep_reading": (
        "已拟合 {total} 个 ε 值中的 {done} 个（共 {seconds} 秒）。在 ε = {beats} 时，MST 的表优于各列独立的表；"
        "任何表都无法低于真实数据一半的噪声下限 {floor}。每个 ε 都是一次单独的发布：只会公布其中一张表。"
    ),
    "report_note": (
        "合成表是一种非交互式发布：它以下面的预算一次性生成，之后对它提出任意多个问题都不再消耗隐私预算。"
        "它的各列只使用这里列出的声明域，从不使用从数据中读出的值。"
    ),
    # --- tab 3
    "lesson_intro": "同一个总 ε 可以一次性花在一张合成表上，之后由它回答所有问题；也可以随着问题的到来逐个分摊（每个 ε/k，串行组合）。",
    "lesson_needs_table": "请先在“2. 多列：MST”标签页生成一张合成表。",
    "lesson_synthetic": "在合成表上回答",
    "lesson_laplace": "逐个用拉普拉斯噪声回答（每个 ε/k）",
    "lesson_expected": "拉普拉斯的期望误差（k/ε）",
    "answers_series": "问题的回答方式",
    "lesson_title": "计数的典型误差随问题数的变化\n（总 ε 相同）",
    "queries_axis": "问题数 k",
    "error_people_axis": "典型误差（行）",
    "lesson_summary": (
        "总共 ε = {eps} 时，无论问多少个问题，合成表的回答误差都约为 {synthetic} 行：多问不花任何代价。逐个回答时，"
        "{k} 个问题中的每一个只分到 ε/{k}，误差约为 {laplace} 行。{crossing}"
    ),
    "lesson_crossing": "从 k = {k} 起，合成表回答得更好。",
    "lesson_no_crossing": "在整个范围内逐个回答都更好：合成表自身的误差太大。",
    # --- 第 5 部分：对已发布合成表的攻击（issue 34 第 2 节）
    "tab_attacks": "5. 对合成表的攻击",
    "att_intro": (
        "一张已发布的合成表，会泄露多少关于生成它的那些人的信息？按照 Anonymeter（Giomi 等，PoPETs 2023）"
        "的做法，所选各列都有值的行被随机分成两半：**训练**一半用来拟合 MST，**对照**一半它从未见过。"
        "每种攻击分别针对训练行、针对对照行各做一次，另有一个朴素的**基线**；其**风险**为"
        "（训练 − 对照）/（1 − 对照）：合成表对生成它的那些行所泄露的、超出它对任何同类的人所揭示的部分。\n\n"
        "- **单独识别**：从合成表读出的一条规则（一个罕见值，或某一合成行在 3 列上的值）恰好只匹配一条真实行。\n"
        "- **可链接性**：攻击者从一个来源得到某人的前几列，从另一个来源得到其余各列；两半都指向同一条最近的合成行。\n"
        "- **属性推断**：攻击者知道除秘密列以外的每一列；最近的合成行给出猜测。\n"
        "- **完全复制**（到最近记录的距离）：一条真实行完整地出现在合成表中。\n\n"
        "这是用侧栏随机种子做的**模拟**（划分、攻击目标和攻击者的抽样；MST 的噪声由 OpenDP 每次重新抽取）。"
        "它读取真实的行，所以这些数字不是差分隐私发布。"
    ),
    "att_two_columns": "请至少选择两列：攻击需要一个秘密列，以及用来猜它的其他列。",
    "att_too_few": "所选各列都有值的行只有 {rows} 行：至少需要 {minimum} 行才能分成训练和对照两半。",
    "att_secret": "秘密列（属性推断）",
    "att_secret_help": "攻击者知道某人其余所有选中的列，要猜的是这一列。",
    "att_button": "在训练一半上拟合 MST 并运行攻击（还有 {n} 张表）",
    "att_progress": "{table}（第 {i} 张，共 {n} 张）：{stage}",
    "att_stage_singling_out": "单独识别",
    "att_stage_linkability": "链接两个来源",
    "att_stage_inference": "猜测秘密列",
    "att_stage_closest": "到最近合成行的距离",
    "att_hint": (
        "按下按钮：在训练一半上以 ε = 0.3、1、3 和 10 拟合 MST（每次几秒），然后攻击每一张表，"
        "最先攻击原样发布的训练行。"
    ),
    "att_copy_label": "无隐私（原始行）",
    "att_eps_label": "ε = {eps}",
    "att_singling_out": "单独识别（3 列）",
    "att_singling_out_one": "单独识别（1 个值）",
    "att_linkability": "可链接性",
    "att_inference": "属性推断",
    "att_copies_bound": "（在对照行的比例下，{eps} 最多允许 {bound} 的训练行如此）",
    "att_chart_title": "各攻击测得的风险（按表）\n（黑色短线：ε 所允许的上限）",
    "att_chart_x": "被攻击的表",
    "att_chart_y": "风险",
    "att_chart_series": "攻击",
    "att_low": "区间下限",
    "att_high": "区间上限",
    "att_bound": "ε 允许的上限",
    "att_reading": (
        "在 {n} 张 MST 表上测得的最高风险是 {risk}，来自 ε = {eps} 时的“{attack}”攻击（95% 区间上限 {high}）；"
        "ε = {eps} 允许该攻击达到 {bound}，比区间上限高 {gap} 个百分点。单独识别最多达到 {singling}。"
    ),
    "att_reading_unbounded": (
        "在 {n} 张 MST 表上测得的最高风险是 {risk}，来自 ε = {eps} 时的“{attack}”攻击（95% 区间上限 {high}）；"
        "在 ε = {eps} 时，该界允许这种攻击达到直至 {bound} 的任何风险：它已不再提供保护。单独识别最多达到 {singling}。"
    ),
    "att_copy_reading": (
        "若把训练行原样发布，属性推断的风险为 {inference}，可链接性为 {linkability}，单独识别为 {singling}，"
        "且其中 {copies} 的行被完整地找到。"
    ),
    "att_seconds": "最慢的一张表的攻击用时 {seconds} 秒。",
    "att_bound_note": (
        "黑色短线是 ε 允许针对单行的攻击达到的最高风险。MST 对增加或删除一行满足 ε-差分隐私，所以把一条训练行"
        "换成一条对照行最多花费 2ε，攻击在训练行上的成功率至多为 min(e^(2ε) × 对照, 1 − e^(−2ε) × (1 − 对照))"
        "（Kairouz、Oh 和 Viswanath 2015 年的假设检验界）。单独识别统计的是针对整整一半数据的规则，而不是某一行的"
        "结果，所以没有短线。区间为 95% 的 Wilson 得分区间。"
    ),
    "att_shown": "查看哪张表的详情",
    "att_details_intro": "**{table}**，秘密列 **{secret}**：攻击成功的比例。",
    "att_col_attack": "攻击",
    "att_col_success": "成功率：训练 · 对照 · 基线",
    "att_success": "{training} · {control} · {baseline}",
    "att_col_risk": "风险（95% 区间）",
    "att_col_bound": "ε 允许",
    "att_interval": "{risk}（{low}–{high}）",
    "att_training_rows": "训练行（MST 见过）",
    "att_control_rows": "对照行（从未见过）",
    "att_rows_series": "真实行",
    "att_closest_title": "真实行与最近的\n合成行相差多远",
    "att_closest_x": "不同的列数",
    "att_closest_y": "行的比例",
    "att_closest_reading": (
        "{table}：{training} 的训练行和 {control} 的对照行在表中有完全相同的副本{bound}；平均而言，最近的合成行与"
        "训练行相差 {mean_training} 列，与对照行相差 {mean_control} 列。一张把训练行背下来的表会离训练行近得多。"
    ),
}

